import type { DomainStatus, Reason, SmtpOutcome, SmtpStep, Verdict } from './types.ts';

/**
 * Stage results in, verdict and reasons out: a pure function (architecture.md, principle 9), the
 * policy of decisions.md "Verdicts":
 * - safe: accepted at RCPT by a domain shown not to be catch-all, neither disposable nor a role;
 * - riskier: accepted with less confidence (catch-all or not known, role account, full mailbox);
 * - suspect: could not be confirmed (blocks aimed at us, timeouts, unreachable hosts, 4xx that
 *   outlived the greylist retries, the job's deadline);
 * - invalid: bad syntax, no such domain, null MX or no mail host, unknown or disabled mailbox at
 *   RCPT with a 5xx, disposable domain.
 * A 4xx is never invalid, and nothing said before RCPT (greeting, EHLO, MAIL FROM) is about the
 * mailbox, so it is never invalid either.
 */
export interface ClassifyInput {
  syntaxValid: boolean;
  domainStatus: DomainStatus;
  disposable: boolean;
  role: boolean;
  /** true: a random address was accepted; false: rejected as unknown; null: not learned. */
  catchAll: boolean | null;
  smtp: { outcome: SmtpOutcome; step: SmtpStep | null; code: number | null } | null;
}

const MESSAGES: Record<string, string> = {
  syntax_invalid: 'the address is not a valid SMTP address',
  domain_not_found: 'the domain does not exist (NXDOMAIN)',
  null_mx: 'the domain publishes a null MX: it accepts no mail',
  no_mail_host: 'the domain has no mail host (no usable MX, A or AAAA record)',
  disposable_domain: 'the domain is a disposable-address service',
  dns_error: 'DNS lookups failed (SERVFAIL or timeout), so the domain could not be checked',
  smtp_not_checked: 'no SMTP check was made',
  accepted: 'the mail server accepted the mailbox at RCPT',
  catch_all: 'the domain accepts any address (a random address was accepted)',
  catch_all_unknown: 'whether the domain accepts any address could not be learned',
  role_account: 'a role account (info@, sales@ ...), not a person',
  mailbox_full: 'the mailbox exists but is full',
  mailbox_unknown: 'the mail server says the mailbox does not exist',
  mailbox_disabled: 'the mail server says the mailbox is disabled',
  blocked: 'the mail server refused us (IP reputation or a block list), not the mailbox',
  rdns_required: 'the mail server wants reverse DNS for our IP',
  tls_required: 'the mail server requires TLS',
  relay_denied: 'the mail server does not take mail for this domain (relay denied)',
  policy_rejection: 'the mail server refused us for a policy reason (X.7.x), not the mailbox',
  greylisted: 'the mail server was still greylisting after the retries',
  mailbox_busy: 'the mailbox exists but takes no mail just now (rate limited)',
  temporary_failure: 'the mail server kept answering with temporary failures',
  not_tested: 'the mail server took no more recipients before this one could be asked',
  rejected_before_rcpt: 'the mail server refused the session before the mailbox could be asked',
  unconfirmed_rejection: 'the mail server refused without saying the mailbox is unknown',
  timeout: 'the mail server did not answer in time',
  mx_unreachable: 'no mail host could be reached',
  connection_lost: 'the mail server closed the connection',
  mx_refused_private: 'the mail hosts resolve only to private or loopback addresses, which live checks may not reach',
  smtputf8_unsupported: 'the address needs SMTPUTF8, which the mail server does not offer',
  deadline_reached: 'the job reached its time limit before this address was confirmed',
};

const SUSPECT_REASON: Partial<Record<SmtpOutcome, string>> = {
  blocked: 'blocked',
  rdns_required: 'rdns_required',
  tls_required: 'tls_required',
  relay_denied: 'relay_denied',
  policy: 'policy_rejection',
  greylisted: 'greylisted',
  mailbox_busy: 'mailbox_busy',
  temporary: 'temporary_failure',
  service_closing: 'temporary_failure',
  too_many_recipients: 'not_tested',
  timeout: 'timeout',
  connect_failed: 'mx_unreachable',
  connection_lost: 'connection_lost',
  mx_refused_private: 'mx_refused_private',
  smtputf8_unsupported: 'smtputf8_unsupported',
  deadline_reached: 'deadline_reached',
};

const reason = (code: string): Reason => ({ code, message: MESSAGES[code] ?? code });

export function classify(input: ClassifyInput): { verdict: Verdict; reasons: Reason[] } {
  const out = (verdict: Verdict, ...codes: string[]) => ({ verdict, reasons: codes.map(reason) });
  const extras = input.role ? ['role_account'] : [];

  if (!input.syntaxValid) return out('invalid', 'syntax_invalid');
  if (input.domainStatus === 'nxdomain') return out('invalid', 'domain_not_found');
  if (input.domainStatus === 'null_mx') return out('invalid', 'null_mx');
  if (input.domainStatus === 'no_mail_host') return out('invalid', 'no_mail_host');
  if (input.disposable) return out('invalid', 'disposable_domain', ...extras);
  if (input.domainStatus === 'dns_error') return out('suspect', 'dns_error', ...extras);

  const smtp = input.smtp;
  if (!smtp) return out('suspect', 'smtp_not_checked', ...extras);
  const atRcpt = smtp.step === 'rcpt';
  const permanent = smtp.code !== null && smtp.code >= 500 && smtp.code < 600;

  if (atRcpt && smtp.outcome === 'accepted') {
    const doubts = [
      ...(input.catchAll === true ? ['catch_all'] : input.catchAll === null ? ['catch_all_unknown'] : []),
      ...extras,
    ];
    return out(doubts.length > 0 ? 'riskier' : 'safe', 'accepted', ...doubts);
  }
  if (atRcpt && smtp.outcome === 'mailbox_full') return out('riskier', 'mailbox_full', ...extras);
  if (smtp.outcome === 'mailbox_unknown' || smtp.outcome === 'mailbox_disabled' || smtp.outcome === 'null_mx') {
    if (atRcpt && permanent) {
      return out('invalid', smtp.outcome === 'mailbox_disabled' ? 'mailbox_disabled' : 'mailbox_unknown', ...extras);
    }
    return out('suspect', atRcpt ? 'temporary_failure' : 'rejected_before_rcpt', ...extras);
  }
  const why = SUSPECT_REASON[smtp.outcome] ?? (atRcpt ? 'unconfirmed_rejection' : 'rejected_before_rcpt');
  return out('suspect', why, ...extras);
}
