import { isIP, connect as netConnect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createSecureContext, type SecureContext, connect as tlsConnect } from 'node:tls';
import { SocksClient } from 'socks';
import type { DialTarget, SmtpDialer } from '../ports.ts';
import { SmtpTimeout } from './connection.ts';

/**
 * One TLS context for every STARTTLS: a context per session costs native memory that V8 does not
 * see, so a bulk run of 100 000 addresses grew by hundreds of MB before collections freed them.
 * Certificates are not checked (opportunistic TLS), so the context holds no CA list anyway.
 */
let sharedContext: SecureContext | null = null;
const clientContext = (): SecureContext => {
  sharedContext ??= createSecureContext();
  return sharedContext;
};

/**
 * The production SmtpDialer: straight TCP, or through a SOCKS5 proxy (cloud hosts block outbound
 * port 25; reacher and AfterShip both carry SMTP through SOCKS5). The proxy is given the IP the
 * guard checked, not the host name, so it cannot resolve the name to somewhere else.
 */
export interface SocksProxySettings {
  host: string;
  port: number;
  userId?: string;
  password?: string;
}

/** `socks5://user:pass@host:1080` → settings; throws on anything else. */
export function parseSocksUrl(url: string): SocksProxySettings {
  const u = new URL(url);
  if (u.protocol !== 'socks5:' && u.protocol !== 'socks5h:') throw new Error('must be a socks5:// URL');
  if (!u.hostname) throw new Error('must name the proxy host');
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 1080,
    ...(u.username ? { userId: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
  };
}

function connectDirect(target: DialTarget, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = netConnect({ host: target.address, port: target.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new SmtpTimeout('connect'));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export class NetSmtpDialer implements SmtpDialer {
  constructor(private readonly proxy: SocksProxySettings | null = null) {}

  async connect(target: DialTarget, timeoutMs: number): Promise<Duplex> {
    if (!this.proxy) return connectDirect(target, timeoutMs);
    const { socket } = await SocksClient.createConnection({
      command: 'connect',
      proxy: { ...this.proxy, type: 5 },
      destination: { host: target.address, port: target.port },
      timeout: timeoutMs,
    });
    return socket;
  }

  startTls(socket: Duplex, servername: string, timeoutMs: number): Promise<Duplex> {
    return new Promise((resolve, reject) => {
      // Opportunistic TLS as MTAs do it: MX certificates often do not match their names, and
      // refusing them would only push the session back to plaintext (verification.md §1.5).
      const tls = tlsConnect({
        socket,
        rejectUnauthorized: false,
        secureContext: clientContext(),
        ...(isIP(servername) ? {} : { servername }),
      });
      const timer = setTimeout(() => {
        tls.destroy();
        reject(new SmtpTimeout('TLS handshake'));
      }, timeoutMs);
      tls.once('secureConnect', () => {
        clearTimeout(timer);
        tls.removeAllListeners('error');
        resolve(tls);
      });
      tls.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }
}
