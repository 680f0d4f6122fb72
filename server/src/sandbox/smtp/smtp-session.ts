import type { Socket } from 'node:net';
import { type SecureContext, TLSSocket } from 'node:tls';
import type { Clock } from '../../core/clock.ts';
import type { MailHost } from '../world/mail-hosts.ts';
import type { World } from '../world/types.ts';
import type { Greylist } from './greylist.ts';
import type { HostProfile } from './host-profiles.ts';
import { recipientReply } from './recipient-reply.ts';
import { formatReply, type Reply, reply, STYLE_TEXTS, TEXTS } from './reply-texts.ts';

export interface SessionContext {
  readonly world: World;
  readonly host: MailHost;
  readonly profile: HostProfile;
  readonly greylist: Greylist;
  readonly clock: Clock;
  readonly latencyMs: number;
  readonly slowGreetingMs: number;
  readonly secureContext: SecureContext;
}

const MAX_LINE = 4096;
const IDLE_MS = 5 * 60 * 1000;
const MAX_ERRORS = 20;

/**
 * One SMTP conversation on the server side, up to RCPT (a verifier never sends a message). Written
 * on raw sockets rather than smtp-server because the sandbox must be able to delay every reply
 * (LEADFORGE_SANDBOX_LATENCY_MS), greet late or never, drop the connection mid-command, and count
 * recipients per connection. Commands are answered strictly in order, so pipelining works.
 */
export class SmtpSession {
  private socket: Socket;
  private buffer = Buffer.alloc(0);
  private queue: Promise<void> = Promise.resolve();
  /** Bumped by STARTTLS: commands read before the upgrade are thrown away (RFC 3207 §4.2). */
  private generation = 0;
  private greeted = false;
  private talkedEarly = false;
  private closed = false;
  private helo: string | undefined;
  private tls = false;
  private mailFrom: string | undefined;
  private smtputf8 = false;
  private rcptCount = 0;
  private errors = 0;
  private readonly clientIp: string;

  constructor(
    socket: Socket,
    private readonly ctx: SessionContext,
  ) {
    this.socket = socket;
    this.clientIp = (socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    this.attach(socket);
    socket.on('close', () => {
      this.closed = true;
    });
    socket.setTimeout(IDLE_MS, () => this.enqueue(async () => this.close(TEXTS.idle)));
    this.enqueue(() => this.greet());
  }

  private attach(socket: Socket): void {
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
  }

  private onData(chunk: Buffer): void {
    if (!this.greeted) this.talkedEarly = true;
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (let nl = this.buffer.indexOf(10); nl >= 0; nl = this.buffer.indexOf(10)) {
      const line = this.buffer.subarray(0, nl).toString('utf8').replace(/\r$/, '');
      this.buffer = this.buffer.subarray(nl + 1);
      const generation = this.generation;
      this.enqueue(() => (generation === this.generation ? this.handle(line) : Promise.resolve()));
    }
    if (this.buffer.length > MAX_LINE) {
      this.buffer = Buffer.alloc(0);
      this.enqueue(() => this.send(reply(500, '5.5.2 Error: line too long')));
    }
  }

  private enqueue(step: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.closed ? undefined : step()))
      .catch(() => {
        this.socket.destroy();
      });
  }

  private async greet(): Promise<void> {
    const { profile, host } = this.ctx;
    if (profile.greeting === 'silent') return;
    if (profile.greeting === 'slow') await this.sleep(this.ctx.slowGreetingMs);
    // A client that speaks before the greeting is broken or a spam bot (Postfix postscreen "pregreet").
    if (this.talkedEarly) return this.close(TEXTS.pregreet);
    if (profile.greeting === 'busy') return this.close(TEXTS.busy);
    const greeting =
      profile.greeting === 'blocked'
        ? TEXTS.blockListedGreeting(host.name)
        : STYLE_TEXTS[profile.style].greeting(host.name, new Date(this.ctx.clock.now()).toUTCString());
    await this.send(greeting);
    this.greeted = true;
  }

  private async handle(line: string): Promise<void> {
    if (!this.greeted) return; // a silent server hears nothing
    const space = line.indexOf(' ');
    const verb = (space < 0 ? line : line.slice(0, space)).toUpperCase();
    const arg = space < 0 ? '' : line.slice(space + 1).trim();
    if (verb === 'QUIT') return this.close(reply(221, '2.0.0 Bye'));
    if (this.ctx.profile.greeting === 'blocked') return this.send(reply(503, '5.5.1 Error: no SMTP service here'));
    switch (verb) {
      case 'EHLO':
      case 'HELO':
        return this.hello(verb, arg);
      case 'STARTTLS':
        return this.startTls();
      case 'MAIL':
        return this.mail(arg);
      case 'RCPT':
        return this.rcpt(arg);
      case 'RSET':
        this.mailFrom = undefined;
        return this.send(reply(250, '2.0.0 Ok'));
      case 'NOOP':
        return this.send(reply(250, '2.0.0 Ok'));
      case 'VRFY':
        return this.send(reply(252, '2.0.0 Cannot VRFY user, but will accept message'));
      case 'DATA':
        return this.fail(reply(554, '5.7.1 Sandbox mail servers accept no messages'));
      default:
        return this.fail(reply(502, '5.5.2 Error: command not recognized'));
    }
  }

  private hello(verb: string, name: string): Promise<void> {
    if (!name) return this.fail(reply(501, `5.5.4 Syntax: ${verb} hostname`));
    this.helo = name;
    this.mailFrom = undefined;
    const { host, profile } = this.ctx;
    const first = STYLE_TEXTS[profile.style].ehloFirstLine(host.name, this.clientIp);
    if (verb === 'HELO') return this.send(reply(250, first));
    const extensions = ['PIPELINING', 'SIZE 35882577', '8BITMIME', 'ENHANCEDSTATUSCODES'];
    if (profile.starttls && !this.tls) extensions.push('STARTTLS');
    if (profile.smtputf8) extensions.push('SMTPUTF8');
    return this.send(reply(250, first, ...extensions));
  }

  private async startTls(): Promise<void> {
    if (!this.ctx.profile.starttls || this.tls) return this.fail(reply(502, '5.5.1 Error: command not implemented'));
    await this.send(reply(220, '2.0.0 Ready to start TLS'));
    this.generation++;
    this.buffer = Buffer.alloc(0);
    const raw = this.socket;
    raw.removeAllListeners('data');
    const secure = new TLSSocket(raw, { isServer: true, secureContext: this.ctx.secureContext });
    this.socket = secure;
    this.tls = true;
    this.helo = undefined;
    this.mailFrom = undefined;
    this.attach(secure);
  }

  private mail(arg: string): Promise<void> {
    if (!this.helo) return this.fail(reply(503, '5.5.1 Error: send HELO/EHLO first'));
    if (this.mailFrom !== undefined) return this.fail(reply(503, '5.5.1 Error: nested MAIL command'));
    if (this.ctx.profile.requireTls && !this.tls) return this.fail(TEXTS.tlsRequired);
    const match = /^FROM:\s*<([^>]*)>(.*)$/i.exec(arg);
    if (!match) return this.fail(reply(501, '5.5.4 Syntax: MAIL FROM:<address>'));
    const params = (match[2] ?? '').trim().toUpperCase().split(/\s+/).filter(Boolean);
    const utf8 = params.includes('SMTPUTF8');
    if (utf8 && !this.ctx.profile.smtputf8) return this.fail(reply(555, '5.5.4 Unsupported option: SMTPUTF8'));
    this.mailFrom = match[1] ?? '';
    this.smtputf8 = utf8;
    return this.send(STYLE_TEXTS[this.ctx.profile.style].mailOk);
  }

  private async rcpt(arg: string): Promise<void> {
    if (this.mailFrom === undefined) return this.fail(reply(503, '5.5.1 Error: need MAIL command'));
    const match = /^TO:\s*<([^>]+)>/i.exec(arg);
    if (!match?.[1]) return this.fail(reply(501, '5.5.4 Syntax: RCPT TO:<address>'));
    this.rcptCount++;
    const session = {
      clientIp: this.clientIp,
      mailFrom: this.mailFrom,
      smtputf8: this.smtputf8,
      rcptCount: this.rcptCount,
    };
    const answer = recipientReply(this.ctx, session, match[1]);
    if (answer === 'drop') {
      this.socket.destroy();
      return;
    }
    return this.send(answer);
  }

  /** An error reply; too many of them and the server hangs up, as Postfix's smtpd_hard_error_limit does. */
  private async fail(r: Reply): Promise<void> {
    if (++this.errors >= MAX_ERRORS) return this.close(TEXTS.tooManyErrors);
    return this.send(r);
  }

  private async send(r: Reply): Promise<void> {
    if (this.ctx.latencyMs > 0) await this.sleep(this.ctx.latencyMs);
    if (this.closed) return;
    this.socket.write(formatReply(r));
  }

  private async close(r: Reply): Promise<void> {
    await this.send(r);
    this.closed = true;
    this.socket.end();
  }

  /** Unref'd: a pending delay must not keep a closed world's process alive. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms).unref());
  }
}
