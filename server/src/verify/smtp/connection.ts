import type { Duplex } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { SmtpDialer } from '../ports.ts';
import { ReplyParser, SmtpProtocolError, type SmtpReply } from './reply.ts';

/** Why a session stopped without a reply to read. */
export class SmtpTimeout extends Error {
  constructor(what: string) {
    super(`no reply in time (${what})`);
    this.name = 'SmtpTimeout';
  }
}
export class SmtpConnectionLost extends Error {
  constructor(detail: string) {
    super(`connection lost: ${detail}`);
    this.name = 'SmtpConnectionLost';
  }
}

// A server sending endless lines is not an SMTP server; stop reading rather than grow memory.
const MAX_LINE = 4096;
const MAX_REPLY_LINES = 200;

/**
 * One SMTP transport: writes command lines, reads whole replies (lines are buffered across TCP
 * chunks; a reply is complete only at its last line), and can move onto TLS after STARTTLS.
 */
export class SmtpConnection {
  private decoder = new StringDecoder('utf8');
  private buffer = '';
  private parser = new ReplyParser();
  private lineCount = 0;
  private readonly ready: SmtpReply[] = [];
  private waiter: { resolve: (r: SmtpReply) => void; reject: (e: Error) => void } | null = null;
  private failure: Error | null = null;
  private readonly onData = (chunk: Buffer | string) => this.receive(chunk);
  private readonly onClose = () => this.fail(new SmtpConnectionLost('closed by the server'));
  private readonly onError = (err: Error) => this.fail(new SmtpConnectionLost(err.message));

  constructor(private socket: Duplex) {
    this.attach();
  }

  private attach(): void {
    this.socket.on('data', this.onData);
    this.socket.on('end', this.onClose);
    this.socket.on('close', this.onClose);
    this.socket.on('error', this.onError);
  }

  private detach(): void {
    this.socket.off('data', this.onData);
    this.socket.off('end', this.onClose);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onError);
  }

  private receive(chunk: Buffer | string): void {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      try {
        if (++this.lineCount > MAX_REPLY_LINES) throw new SmtpProtocolError('reply too long');
        const reply = this.parser.push(line);
        if (reply) {
          this.lineCount = 0;
          this.deliver(reply);
        }
      } catch (err) {
        this.fail(err as Error);
        return;
      }
      newline = this.buffer.indexOf('\n');
    }
    if (this.buffer.length > MAX_LINE) this.fail(new SmtpProtocolError('line too long'));
  }

  private deliver(reply: SmtpReply): void {
    const waiter = this.waiter;
    this.waiter = null;
    if (waiter) waiter.resolve(reply);
    else this.ready.push(reply);
  }

  private fail(err: Error): void {
    if (this.failure) return;
    this.failure = err;
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.reject(err);
  }

  /** The next reply, or SmtpTimeout / SmtpConnectionLost / SmtpProtocolError. */
  readReply(timeoutMs: number, what: string): Promise<SmtpReply> {
    const queued = this.ready.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<SmtpReply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        reject(new SmtpTimeout(what));
      }, timeoutMs);
      this.waiter = {
        resolve: (r) => {
          clearTimeout(timer);
          resolve(r);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  /** Sends one command line and reads its reply. */
  async command(line: string, timeoutMs: number): Promise<SmtpReply> {
    if (this.failure) throw this.failure;
    this.socket.write(`${line}\r\n`);
    return this.readReply(timeoutMs, line.split(/[ :]/)[0] as string);
  }

  /**
   * Moves onto TLS after a 220 to STARTTLS. Anything the server sent after that 220 and before the
   * handshake would be plaintext injected into the TLS session (CVE-2011-0411), so it fails.
   */
  async startTls(dialer: SmtpDialer, servername: string, timeoutMs: number): Promise<void> {
    if (this.buffer !== '' || this.ready.length > 0) throw new SmtpProtocolError('data after the STARTTLS reply');
    this.detach();
    this.socket = await dialer.startTls(this.socket, servername, timeoutMs);
    this.decoder = new StringDecoder('utf8');
    this.parser = new ReplyParser();
    this.attach();
  }

  close(): void {
    this.fail(new SmtpConnectionLost('closed by us')); // a reader still waiting must not wait on
    this.detach();
    this.socket.on('error', () => {}); // late errors after we have left are of no interest
    this.socket.destroy();
  }
}
