/**
 * The verifier's result: the verdict, its reasons, and every stage's result. `details` is returned
 * by the API as each prospect's `details`, so it stays plain JSON with stable snake_case keys.
 */
import type { ReplyOutcome } from './rules/match.ts';

export type Verdict = 'safe' | 'riskier' | 'suspect' | 'invalid';

export interface SyntaxStage {
  valid: boolean;
  /** Why the address is malformed (null when valid). */
  error: string | null;
  local_part: string;
  /** The domain as A-labels (IDN converted), lower-case; what DNS and SMTP see. */
  domain: string;
  /** The domain as typed, lower-cased (differs from `domain` for IDN). */
  domain_unicode: string;
  /** A non-ASCII local part: it can only be sent to a server that offers SMTPUTF8. */
  smtputf8_required: boolean;
  quoted_local_part: boolean;
}

export type DomainStatus = 'ok' | 'nxdomain' | 'null_mx' | 'no_mail_host' | 'dns_error' | 'not_checked';

export interface DomainStage {
  status: DomainStatus;
  /** NODATA on MX: the domain's own A/AAAA records serve as its mail host (RFC 5321 §5.1). */
  implicit_mx: boolean;
  /** The failing DNS answer when status is dns_error (SERVFAIL, TIMEOUT, ...). */
  dns_error: string | null;
}

export interface MxHost {
  host: string;
  preference: number;
  addresses: string[];
  /** Why no address could be had for this host (nxdomain, nodata, or the DNS error). */
  lookup_error: string | null;
}

/** How the SMTP stage ended for one address: a reply rule's outcome, or what stopped us first. */
export type SmtpOutcome =
  | ReplyOutcome
  | 'connect_failed'
  | 'timeout'
  | 'connection_lost'
  | 'mx_refused_private'
  | 'smtputf8_unsupported'
  | 'deadline_reached';

export type SmtpStep = 'connect' | 'greeting' | 'ehlo' | 'starttls' | 'mail' | 'rcpt';

export interface SmtpStage {
  outcome: SmtpOutcome;
  /** The step where the outcome was decided; 'rcpt' means the mailbox itself was answered for. */
  step: SmtpStep | null;
  mx_host: string | null;
  mx_address: string | null;
  code: number | null;
  enhanced_code: string | null;
  text: string | null;
  /** The rule of rules.ts that read the reply. */
  rule: string | null;
  tls: boolean;
  /** SMTP sessions in which this address was tried (greylist retries and reconnects included). */
  attempts: number;
}

export interface CatchAllStage {
  /** true: a random address was accepted; false: it was rejected as unknown; null: not learned. */
  value: boolean | null;
  probe: string | null;
  code: number | null;
  text: string | null;
  cached: boolean;
}

export interface VerificationDetails {
  syntax: SyntaxStage;
  domain: DomainStage;
  mx: MxHost[];
  smtp: SmtpStage | null;
  catch_all: CatchAllStage | null;
  role: boolean;
  disposable: boolean;
  free: boolean;
  greylisted: boolean;
  full_inbox: boolean;
  disabled: boolean;
  typo_suggestion: string | null;
}

export interface Reason {
  code: string;
  message: string;
}

export interface VerificationResult {
  email: string;
  verdict: Verdict;
  reasons: Reason[];
  details: VerificationDetails;
}
