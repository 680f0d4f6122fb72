import { createSocket, type Socket } from 'node:dgram';

/**
 * A DNS responder on UDP loopback, just enough for node's Resolver: MX and A answers, NODATA,
 * NXDOMAIN, SERVFAIL, and silence (for timeouts). Counts questions, to see the cache work.
 */
export type TinyAnswer =
  | { mx: { priority: number; exchange: string }[]; ttl?: number }
  | { a: string[]; ttl?: number }
  | { rcode: 'NXDOMAIN' | 'SERVFAIL' | 'NODATA' }
  | 'silence';

const TYPES: Record<number, string> = { 1: 'A', 15: 'MX', 28: 'AAAA' };
const RCODES = { NODATA: 0, SERVFAIL: 2, NXDOMAIN: 3 } as const;

function readName(buf: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while ((buf[at] as number) > 0) {
    const len = buf[at] as number;
    labels.push(buf.toString('ascii', at + 1, at + 1 + len));
    at += 1 + len;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function encodeName(name: string): Buffer {
  const parts = name === '' ? [] : name.split('.');
  return Buffer.concat([
    ...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p)])),
    Buffer.from([0]),
  ]);
}

function record(type: number, ttl: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4);
  head.writeUInt32BE(ttl, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

export class TinyDns {
  readonly questions: string[] = [];

  private constructor(
    private readonly socket: Socket,
    readonly port: number,
  ) {}

  static async start(zone: (type: string, name: string) => TinyAnswer): Promise<TinyDns> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
    const server = new TinyDns(socket, socket.address().port);
    socket.on('message', (msg, peer) => {
      const { name, end } = readName(msg, 12);
      const type = TYPES[msg.readUInt16BE(end)] ?? 'OTHER';
      server.questions.push(`${type} ${name}`);
      const answer = zone(type, name);
      if (answer === 'silence') return;
      const records: Buffer[] = [];
      if ('mx' in answer && type === 'MX') {
        for (const mx of answer.mx) {
          const pref = Buffer.alloc(2);
          pref.writeUInt16BE(mx.priority);
          records.push(record(15, answer.ttl ?? 300, Buffer.concat([pref, encodeName(mx.exchange)])));
        }
      }
      if ('a' in answer && type === 'A') {
        for (const ip of answer.a) records.push(record(1, answer.ttl ?? 300, Buffer.from(ip.split('.').map(Number))));
      }
      const header = Buffer.alloc(12);
      header.writeUInt16BE(msg.readUInt16BE(0), 0);
      header.writeUInt16BE(0x8180 | ('rcode' in answer ? RCODES[answer.rcode] : 0), 2);
      header.writeUInt16BE(1, 4);
      header.writeUInt16BE(records.length, 6);
      const question = msg.subarray(12, end + 4);
      socket.send(Buffer.concat([header, question, ...records]), peer.port, peer.address);
    });
    return server;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
