import type { SmtpReply } from '../smtp/reply.ts';

export type ReplyOutcome =
  | 'accepted'
  | 'mailbox_unknown'
  | 'mailbox_disabled'
  | 'mailbox_full'
  | 'mailbox_busy' // the mailbox exists but takes no mail just now (Gmail 4.2.1)
  | 'null_mx'
  | 'greylisted'
  | 'too_many_recipients'
  | 'blocked' // our IP: reputation, block lists, bans
  | 'rdns_required'
  | 'tls_required'
  | 'relay_denied'
  | 'policy' // other security/policy refusals (X.7.x)
  | 'service_closing'
  | 'protocol_error'
  | 'temporary'
  | 'rejected_other'
  | 'unexpected_reply';

export interface ReplyRule {
  id: string;
  outcome: ReplyOutcome;
  matches: (r: SmtpReply) => boolean;
  /** Real reply texts (CRLF between lines), each with where it was seen. */
  fixtures: { reply: string; source: string }[];
}

export type Test = (r: SmtpReply) => boolean;
export const code =
  (re: RegExp): Test =>
  (r) =>
    re.test(String(r.code));
export const enhanced =
  (re: RegExp): Test =>
  (r) =>
    r.enhanced !== null && re.test(r.enhanced);
export const text =
  (re: RegExp): Test =>
  (r) =>
    re.test(r.text);
export const all =
  (...tests: Test[]): Test =>
  (r) =>
    tests.every((t) => t(r));
export const any =
  (...tests: Test[]): Test =>
  (r) =>
    tests.some((t) => t(r));

export const PERMANENT = code(/^5/);
export const TEMPORARY = code(/^4/);

export const REACHER = 'reacherhq/check-if-email-exists core/src/smtp/parser.rs (texts seen in production)';
export const REACHER_NO_CODE = `${REACHER}; the basic code is not quoted there and was added [inference]`;
