import type { DialTarget, SmtpDialer } from '../ports.ts';
import type { SmtpStep } from '../types.ts';
import { SmtpConnection, SmtpTimeout } from './connection.ts';
import type { SmtpReply } from './reply.ts';

/**
 * One SMTP session on one MX address: our own client over net/tls (nodemailer has no RCPT-only
 * mode), never DATA. connect → the whole 220 greeting → EHLO (HELO when EHLO is refused) →
 * STARTTLS when offered, then EHLO again (RFC 3207) → MAIL FROM → one RCPT per recipient, each
 * answered before the next (no pipelining: reacher saw proxies drop pipelined RCPTs) → QUIT.
 */
export interface SessionTimeouts {
  connectMs: number;
  /** Tarpits and greet-pause delay the 220 on purpose (verification.md §4). */
  greetingMs: number;
  commandMs: number;
}

export interface SessionRequest {
  dialer: SmtpDialer;
  target: DialTarget;
  heloName: string;
  /** The reverse-path; '' sends the null sender `<>`. */
  mailFrom: string;
  startTls: boolean;
  /** In order: a catch-all probe first if any. `smtputf8`: the local part is not ASCII. */
  recipients: { address: string; smtputf8: boolean }[];
  timeouts: SessionTimeouts;
  signal?: AbortSignal;
}

export type SessionFailureKind = 'connect_failed' | 'timeout' | 'connection_lost' | 'reply' | 'tls_failed';

export interface SessionResult {
  /** Set when the session ended before every recipient was asked. */
  failure: { step: SmtpStep; kind: SessionFailureKind; reply: SmtpReply | null; message: string } | null;
  tls: boolean;
  smtputf8: boolean;
  /** Replies to RCPT (or why a recipient was not asked), in the order asked. */
  answered: { address: string; reply: SmtpReply | null; skipped: 'smtputf8_unsupported' | null }[];
}

/** The EHLO keywords (upper-case, first word of each line after the first). */
export function ehloKeywords(reply: SmtpReply): Set<string> {
  return new Set(reply.lines.slice(1).map((l) => (l.split(/\s+/)[0] ?? '').toUpperCase()));
}

const failureKind = (err: unknown): SessionFailureKind => (err instanceof SmtpTimeout ? 'timeout' : 'connection_lost');

export async function runSession(req: SessionRequest): Promise<SessionResult> {
  const result: SessionResult = { failure: null, tls: false, smtputf8: false, answered: [] };
  const { timeouts } = req;
  let step: SmtpStep = 'connect';
  let conn: SmtpConnection | null = null;
  const stop = (kind: SessionFailureKind, reply: SmtpReply | null, message: string): SessionResult => {
    result.failure = { step, kind, reply, message };
    return result;
  };
  const onAbort = () => conn?.close();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    try {
      conn = new SmtpConnection(await req.dialer.connect(req.target, timeouts.connectMs));
    } catch (err) {
      return stop((err as Error).name === 'SmtpTimeout' ? 'timeout' : 'connect_failed', null, (err as Error).message);
    }
    if (req.signal?.aborted) return stop('connection_lost', null, 'aborted');
    try {
      step = 'greeting';
      const greeting = await conn.readReply(timeouts.greetingMs, 'greeting');
      if (greeting.code !== 220) return stop('reply', greeting, 'greeting refused');

      step = 'ehlo';
      let ehlo = await conn.command(`EHLO ${req.heloName}`, timeouts.commandMs);
      let keywords = new Set<string>();
      if (ehlo.code === 250) keywords = ehloKeywords(ehlo);
      else if (ehlo.code >= 500) {
        ehlo = await conn.command(`HELO ${req.heloName}`, timeouts.commandMs); // RFC 5321 §3.2
        if (ehlo.code !== 250) return stop('reply', ehlo, 'HELO refused');
      } else return stop('reply', ehlo, 'EHLO refused');

      if (req.startTls && keywords.has('STARTTLS')) {
        step = 'starttls';
        const ready = await conn.command('STARTTLS', timeouts.commandMs);
        if (ready.code === 220) {
          try {
            await conn.startTls(req.dialer, req.target.host, timeouts.connectMs);
          } catch (err) {
            return stop('tls_failed', null, (err as Error).message);
          }
          result.tls = true;
          step = 'ehlo';
          ehlo = await conn.command(`EHLO ${req.heloName}`, timeouts.commandMs);
          if (ehlo.code !== 250) return stop('reply', ehlo, 'EHLO after STARTTLS refused');
          keywords = ehloKeywords(ehlo);
        }
      }
      result.smtputf8 = keywords.has('SMTPUTF8');

      step = 'mail';
      const wantsUtf8 = result.smtputf8 && req.recipients.some((r) => r.smtputf8);
      const mail = await conn.command(`MAIL FROM:<${req.mailFrom}>${wantsUtf8 ? ' SMTPUTF8' : ''}`, timeouts.commandMs);
      if (mail.code !== 250) return stop('reply', mail, 'MAIL FROM refused');

      step = 'rcpt';
      for (const r of req.recipients) {
        if (r.smtputf8 && !result.smtputf8) {
          // RFC 6531: a UTF-8 local part cannot be down-converted; unasked, never guessed.
          result.answered.push({ address: r.address, reply: null, skipped: 'smtputf8_unsupported' });
          continue;
        }
        const reply = await conn.command(`RCPT TO:<${r.address}>`, timeouts.commandMs);
        result.answered.push({ address: r.address, reply, skipped: null });
        // 421: the server is closing; 452 too many: it will take no more recipients in this session.
        if (reply.code === 421) return stop('reply', reply, 'server closing');
        if (/too many recipients/i.test(reply.text)) break;
      }
      await conn.command('QUIT', Math.min(timeouts.commandMs, 5000)).catch(() => {});
      return result;
    } catch (err) {
      return stop(failureKind(err), null, (err as Error).message);
    }
  } finally {
    req.signal?.removeEventListener('abort', onAbort);
    conn?.close();
  }
}
