import { connect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

export interface TestReply {
  code: number;
  /** Every line's text after "ddd-" / "ddd ". */
  lines: string[];
  text: string;
}

/**
 * A tiny SMTP client for the sandbox's tests: send a line, read one whole (multi-line) reply. Not the
 * verifier's client: it has no timeouts policy, no classification, no retries.
 */
export class SmtpTestClient {
  private buffer = '';
  private readonly replies: TestReply[] = [];
  private waiter: { resolve: (r: TestReply) => void; reject: (e: Error) => void } | undefined;
  private closed = false;

  private constructor(private socket: Socket) {
    this.listen(socket);
  }

  static open(ip: string, port: number): Promise<SmtpTestClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: ip, port }, () => resolve(new SmtpTestClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Connects and reads the greeting. */
  static async greeted(ip: string, port: number): Promise<[SmtpTestClient, TestReply]> {
    const client = await SmtpTestClient.open(ip, port);
    return [client, await client.read()];
  }

  get isClosed(): boolean {
    return this.closed;
  }

  private listen(socket: Socket): void {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.parse();
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.waiter?.reject(new Error('connection closed'));
      this.waiter = undefined;
    });
  }

  private parse(): void {
    for (;;) {
      const lines = this.buffer.split('\r\n');
      const last = lines.findIndex((l) => /^\d{3} /.test(l) || /^\d{3}$/.test(l));
      if (last < 0) return;
      const block = lines.slice(0, last + 1);
      this.buffer = lines.slice(last + 1).join('\r\n');
      const reply: TestReply = {
        code: Number(block[0]?.slice(0, 3)),
        lines: block.map((l) => l.slice(4)),
        text: block.join('\n'),
      };
      if (this.waiter) {
        this.waiter.resolve(reply);
        this.waiter = undefined;
      } else this.replies.push(reply);
    }
  }

  read(): Promise<TestReply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  write(line: string): void {
    this.socket.write(`${line}\r\n`);
  }

  command(line: string): Promise<TestReply> {
    this.write(line);
    return this.read();
  }

  /** STARTTLS, then the TLS handshake (any certificate accepted, as verifiers do with MX hosts). */
  async startTls(): Promise<TestReply> {
    const reply = await this.command('STARTTLS');
    if (reply.code !== 220) return reply;
    const raw = this.socket;
    raw.removeAllListeners('data');
    raw.removeAllListeners('close');
    this.socket = await new Promise<Socket>((resolve, reject) => {
      const secure = tlsConnect({ socket: raw, rejectUnauthorized: false }, () => resolve(secure));
      secure.once('error', reject);
    });
    this.listen(this.socket);
    return reply;
  }

  /** Waits for the server to close the connection. */
  closedByServer(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.socket.once('close', () => resolve()));
  }

  close(): void {
    this.socket.destroy();
  }
}
