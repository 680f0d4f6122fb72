import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP webhook receiver on loopback. `answers` says how to answer each request in turn
 * (status, headers, body); once they run out it answers 200.
 */
export class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  port = 0;

  constructor(private answers: { status: number; headers?: Record<string, string>; body?: string }[] = []) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        this.received.push({ headers: req.headers, body });
        const a = this.answers.shift() ?? { status: 200, body: 'ok' };
        res.writeHead(a.status, a.headers ?? {});
        res.end(a.body ?? '');
      });
    });
    await new Promise<void>((r) => this.server?.listen(port, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
    this.server = null;
  }
}

/** A port nothing listens on (yet): taken from a server that is then closed. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
