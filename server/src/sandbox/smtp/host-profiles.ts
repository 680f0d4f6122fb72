import { type HostKind, SMTPUTF8_HOSTS } from '../world/mail-hosts.ts';
import type { TextStyle } from './reply-texts.ts';

/** How one kind of sandbox SMTP server behaves, on top of its reply texts. */
export interface HostProfile {
  readonly style: TextStyle;
  /**
   * normal: 220 at once; slow: 220 after the slow-greeting delay; silent: never a word; busy: 421 and
   * close; blocked: a 554 greeting, then 503 to everything but QUIT (RFC 5321 §3.1).
   */
  readonly greeting: 'normal' | 'slow' | 'silent' | 'busy' | 'blocked';
  readonly starttls: boolean;
  /** MAIL FROM is refused (530) until STARTTLS. */
  readonly requireTls: boolean;
  readonly smtputf8: boolean;
  /** RCPT commands answered per connection before every further one gets 452 4.5.3 (RSET does not reset it). */
  readonly rcptLimit?: number;
  /** What every RCPT meets before the mailbox is even looked up. */
  readonly rcptGate?: 'greylist' | 'greylist_forever' | 'spamhaus' | 'drop';
}

const base = (kind: HostKind, style: TextStyle, starttls: boolean): HostProfile => ({
  style,
  greeting: 'normal',
  starttls,
  requireTls: false,
  smtputf8: SMTPUTF8_HOSTS.has(kind),
});

export const HOST_PROFILES: Readonly<Record<HostKind, HostProfile>> = {
  google: base('google', 'google', true),
  postfix: base('postfix', 'postfix', true),
  // Exchange Online answers "452 4.5.3 Too many recipients" after a few probes on one connection.
  microsoft: { ...base('microsoft', 'microsoft', true), rcptLimit: 3 },
  outlook: { ...base('outlook', 'outlook', true), rcptLimit: 3 },
  greylist: { ...base('greylist', 'postfix', false), rcptGate: 'greylist' },
  greylist_forever: { ...base('greylist_forever', 'postfix', false), rcptGate: 'greylist_forever' },
  spamhaus: { ...base('spamhaus', 'postfix', false), rcptGate: 'spamhaus' },
  nemesis: { ...base('nemesis', 'postfix', false), greeting: 'blocked' },
  slow: { ...base('slow', 'postfix', false), greeting: 'slow' },
  silent: { ...base('silent', 'postfix', false), greeting: 'silent' },
  limit: { ...base('limit', 'postfix', false), rcptLimit: 2 },
  tls_required: { ...base('tls_required', 'postfix', true), requireTls: true },
  drops: { ...base('drops', 'postfix', false), rcptGate: 'drop' },
  busy: { ...base('busy', 'postfix', false), greeting: 'busy' },
};
