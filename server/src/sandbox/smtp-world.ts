import { createServer, type Server, type Socket } from 'node:net';
import { createSecureContext } from 'node:tls';
// smtp-server ships a self-signed certificate for localhost, fit for a sandbox (verifiers do not
// check MX certificates anyway) and free of any openssl run at start.
import getTLSOptions from 'smtp-server/lib/tls-options.js';
import type { Clock } from '../core/clock.ts';
import { Greylist } from './smtp/greylist.ts';
import { HOST_PROFILES } from './smtp/host-profiles.ts';
import { SmtpSession } from './smtp/smtp-session.ts';
import { MAIL_HOSTS, type MailHost } from './world/mail-hosts.ts';
import type { World } from './world/types.ts';

export interface SmtpWorldOptions {
  readonly world: World;
  /** One port for every host; 0 picks a free one. */
  readonly port: number;
  readonly latencyMs: number;
  readonly clock: Clock;
  readonly greylistDelayMs: number;
  readonly slowGreetingMs: number;
}

export interface SmtpWorld {
  readonly port: number;
  close(): Promise<void>;
}

/** Starts one SMTP listener per mail host of mail-hosts.ts, each on its own loopback address. */
export async function startSmtpWorld(options: SmtpWorldOptions): Promise<SmtpWorld> {
  const { key, cert } = getTLSOptions();
  const secureContext = createSecureContext({ key, cert, minVersion: 'TLSv1.2' });
  const greylist = new Greylist(options.clock, options.greylistDelayMs);
  const sockets = new Set<Socket>();
  const serverFor = (host: MailHost): Server =>
    createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      new SmtpSession(socket, { ...options, host, profile: HOST_PROFILES[host.kind], greylist, secureContext });
    });

  // With port 0 the first listener picks the port and the others must get the same one; another
  // program may hold it on one of the other addresses, so try a few times.
  for (let attempt = 1; ; attempt++) {
    const servers: Server[] = [];
    let port = options.port;
    try {
      for (const host of MAIL_HOSTS) {
        const server = serverFor(host);
        servers.push(server);
        port = await listen(server, port, host.ip);
      }
      return {
        port,
        close: async () => {
          for (const socket of sockets) socket.destroy();
          await Promise.all(servers.map(closeServer));
        },
      };
    } catch (err) {
      await Promise.all(servers.map(closeServer));
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRNOTAVAIL') throw new Error(loopbackHelp(), { cause: err });
      if (code !== 'EADDRINUSE' || options.port !== 0 || attempt >= 5) throw err;
    }
  }
}

function listen(server: Server, port: number, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ip, () => {
      server.off('error', reject);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

function loopbackHelp(): string {
  const ips = MAIL_HOSTS.map((h) => h.ip).join(' ');
  return (
    'The sandbox mail world listens on loopback addresses of 127.1.0.0/16, and this system cannot ' +
    'bind them. Linux and Windows route all of 127.0.0.0/8 to loopback; on macOS add them first: ' +
    `for ip in ${ips}; do sudo ifconfig lo0 alias $ip up; done`
  );
}
