import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';
import { type DnsAnswer, DnsZone } from './dns-zone.ts';
import type { World } from './world/types.ts';

const { Packet } = dns2;

export interface DnsServerOptions {
  readonly world: World;
  /** UDP and TCP both listen on it; 0 picks a free one. */
  readonly port: number;
  /** Added before every answer. */
  readonly latencyMs: number;
}

export interface SandboxDnsServer {
  readonly port: number;
  close(): Promise<void>;
}

const TTL = 300;
const RCODES = { NOERROR: Packet.RCODE.NOERROR, NXDOMAIN: Packet.RCODE.NXDOMAIN, SERVFAIL: Packet.RCODE.SERVFAIL };
const TYPE_NAMES: Record<number, string> = {
  [Packet.TYPE.A]: 'A',
  [Packet.TYPE.AAAA]: 'AAAA',
  [Packet.TYPE.MX]: 'MX',
  [Packet.TYPE.TXT]: 'TXT',
};

/**
 * The sandbox's authoritative DNS server on 127.0.0.1 (UDP, and TCP for truncated answers). With
 * port 0, UDP picks the port and TCP must take the same number, which another program may already
 * hold over TCP: then both are closed and tried again with a new port (found in CI).
 */
export async function startDnsServer(options: DnsServerOptions): Promise<SandboxDnsServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDnsServerOnce(options);
    } catch (err) {
      const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || options.port !== 0 || attempt >= 10) throw err;
    }
  }
}

async function startDnsServerOnce(options: DnsServerOptions): Promise<SandboxDnsServer> {
  const zone = new DnsZone(options.world);
  const handle = (request: dns2.Packet, send: (response: dns2.Packet) => Promise<Buffer>) => {
    const response = Packet.createResponseFromRequest(request);
    response.header.aa = 1;
    const question = request.questions[0];
    if (question) {
      const answer = zone.answer(question.name, TYPE_NAMES[question.type] ?? 'OTHER');
      response.header.rcode = RCODES[answer.rcode];
      response.answers = toResources(question.name, answer);
      // RFC 2308: negative answers carry the zone's SOA, whose minimum is the negative-caching TTL.
      if (answer.records.length === 0 && answer.rcode !== 'SERVFAIL') response.authorities = [soa()];
    } else {
      response.header.rcode = Packet.RCODE.FORMERR;
    }
    const reply = () => send(response).catch(() => undefined);
    if (options.latencyMs > 0) setTimeout(reply, options.latencyMs).unref();
    else void reply();
  };

  const udp = dns2.createUDPServer(handle);
  const tcp = dns2.createTCPServer(handle);
  // requestError: a packet that does not parse. A real server ignores it; so do we.
  udp.on('requestError', () => {});
  tcp.on('requestError', () => {});
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(options.port, '127.0.0.1', () => {
      udp.off('error', reject);
      resolve();
    });
  });
  udp.on('error', () => {}); // a failed send to one client must not bring the server down
  const port = (udp.address() as AddressInfo).port;
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(port, '127.0.0.1', () => {
        tcp.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    udp.close();
    throw err;
  }
  return {
    port,
    close: async () => {
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

function toResources(name: string, answer: DnsAnswer): dns2.Packet.Resource[] {
  const base = { name, class: Packet.CLASS.IN, ttl: TTL };
  return answer.records.map((record): dns2.Packet.Resource => {
    if (record.type === 'A') return { ...base, type: Packet.TYPE.A, address: record.address } as dns2.Packet.Resource;
    if (record.type === 'TXT') return { ...base, type: Packet.TYPE.TXT, data: record.data } as dns2.Packet.Resource;
    const { exchange, priority } = record;
    return { ...base, type: Packet.TYPE.MX, exchange, priority } as dns2.Packet.Resource;
  });
}

function soa(): dns2.Packet.Resource {
  return {
    name: 'test',
    type: Packet.TYPE.SOA,
    class: Packet.CLASS.IN,
    ttl: TTL,
    primary: 'ns.leadforge.test',
    admin: 'hostmaster.leadforge.test',
    serial: 2026010101,
    refresh: 3600,
    retry: 600,
    expiration: 86400,
    minimum: TTL,
  } as dns2.Packet.Resource;
}
