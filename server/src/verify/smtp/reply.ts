/**
 * SMTP replies (RFC 5321 §4.2): one or more lines `ddd-text` ending with `ddd text` (or a bare
 * `ddd`). With ENHANCEDSTATUSCODES (RFC 2034) each line's text starts with `c.sss.ddd`.
 * Clients that act on each TCP chunk break on multi-line replies (deep-email-validator does);
 * this parser is fed whole lines and only yields a reply at its last line.
 */
export interface SmtpReply {
  code: number;
  /** RFC 3463 enhanced code of the first line (`5.1.1`), or null. */
  enhanced: string | null;
  /** Each line's text, code (and enhanced code) removed. */
  lines: string[];
  /** The lines' text joined with a space: what rules read. */
  text: string;
}

export class SmtpProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmtpProtocolError';
  }
}

const LINE = /^([2-5][0-9]{2})([ -]|$)(.*)$/;
const ENHANCED = /^([245]\.[0-9]{1,3}\.[0-9]{1,3})(?:\s+|$)/;

/** Collects lines into replies. Throws SmtpProtocolError on a line that is not a reply line, or
 * whose code differs from the reply's first line. */
export class ReplyParser {
  private pending: { code: number; raw: string[] } | null = null;

  /** Feeds one line (without CRLF); returns the reply when the line completes it. */
  push(line: string): SmtpReply | null {
    const m = LINE.exec(line);
    if (!m) throw new SmtpProtocolError(`not an SMTP reply line: ${JSON.stringify(line.slice(0, 80))}`);
    const code = Number(m[1]);
    if (this.pending && this.pending.code !== code) {
      throw new SmtpProtocolError(`reply code changed within a reply (${this.pending.code} then ${code})`);
    }
    const current = this.pending ?? { code, raw: [] };
    current.raw.push(m[3] ?? '');
    if (m[2] === '-') {
      this.pending = current;
      return null;
    }
    this.pending = null;
    return makeReply(code, current.raw);
  }
}

export function makeReply(code: number, raw: string[]): SmtpReply {
  // An enhanced code must agree with the basic code's class (RFC 3463 §2); otherwise it is text.
  const codeClass = String(code)[0];
  let enhanced: string | null = null;
  const lines = raw.map((text) => {
    const e = ENHANCED.exec(text);
    if (!e || e[1]?.[0] !== codeClass) return text.trim();
    enhanced ??= e[1] as string;
    return text.slice(e[0].length).trim();
  });
  return { code, enhanced, lines, text: lines.join(' ').trim() };
}

/** Parses a whole reply given as text (lines separated by CRLF or LF): for rule fixtures and tests. */
export function parseReply(text: string): SmtpReply {
  const parser = new ReplyParser();
  const lines = text.split(/\r?\n/).filter((l) => l !== '');
  for (const line of lines) {
    const reply = parser.push(line);
    if (reply) return reply;
  }
  throw new SmtpProtocolError('incomplete reply');
}

/** `250 2.1.5 OK` style, for details and logs. */
export const replyToString = (r: SmtpReply): string => [r.code, r.enhanced, r.text].filter(Boolean).join(' ');
