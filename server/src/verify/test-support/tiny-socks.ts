import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A SOCKS5 proxy (RFC 1928, user/password auth of RFC 1929, CONNECT only) on loopback, to show
 * the dialer's proxy path end to end. Records each CONNECT destination and the user who asked.
 */
export class TinySocks {
  readonly connects: { user: string | null; host: string; port: number }[] = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(credentials: { user: string; password: string } | null): Promise<TinySocks> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const proxy = new TinySocks(server, (server.address() as { port: number }).port);
    server.on('connection', (client) => proxy.serve(client, credentials));
    return proxy;
  }

  private serve(client: Socket, credentials: { user: string; password: string } | null): void {
    this.sockets.add(client);
    client.on('error', () => {});
    let stage: 'hello' | 'auth' | 'request' | 'piped' = 'hello';
    let user: string | null = null;
    let buffer = Buffer.alloc(0);
    client.on('data', (chunk) => {
      if (stage === 'piped') return;
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'hello' && buffer.length >= 2 && buffer.length >= 2 + (buffer[1] as number)) {
        const methods = [...buffer.subarray(2, 2 + (buffer[1] as number))];
        buffer = buffer.subarray(2 + (buffer[1] as number));
        const wanted = credentials ? 0x02 : 0x00;
        client.write(Buffer.from([5, methods.includes(wanted) ? wanted : 0xff]));
        stage = credentials ? 'auth' : 'request';
      }
      if (stage === 'auth' && buffer.length >= 2) {
        const ulen = buffer[1] as number;
        const plen = buffer[2 + ulen] as number;
        if (buffer.length < 3 + ulen + plen) return;
        user = buffer.toString('utf8', 2, 2 + ulen);
        const password = buffer.toString('utf8', 3 + ulen, 3 + ulen + plen);
        buffer = buffer.subarray(3 + ulen + plen);
        const ok = user === credentials?.user && password === credentials.password;
        client.write(Buffer.from([1, ok ? 0 : 1]));
        if (!ok) return void client.end();
        stage = 'request';
      }
      if (stage === 'request' && buffer.length >= 10 && buffer[3] === 1) {
        const host = [...buffer.subarray(4, 8)].join('.');
        const port = buffer.readUInt16BE(8);
        this.connects.push({ user, host, port });
        stage = 'piped';
        const upstream = connect({ host, port }, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client);
          client.pipe(upstream);
        });
        this.sockets.add(upstream);
        upstream.on('error', () => client.destroy());
      }
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
