/**
 * How the shell turns verifyEmails results into what the finder's verifier port returns (a pure
 * mapping, kept beside the port so the two cannot drift). RCPTs are counted from the stages [inf:
 * the verifier reports SMTP sessions per address, not RCPT commands, so each session that reached
 * RCPT counts one, and an uncached catch-all probe counts one per call].
 */
import type { VerificationResult } from '../verify/index.ts';
import type { CandidateCheck } from './ports.ts';

/** Replies that prove the mailbox is there, whether or not it takes mail now. */
const MAILBOX_THERE = new Set(['accepted', 'mailbox_full', 'mailbox_busy']);

export function checkFromVerification(result: VerificationResult): CandidateCheck {
  const { details } = result;
  const catchAll = details.catch_all?.value ?? null;
  const domain = details.domain.status;
  let status: CandidateCheck['status'] = 'unknown';
  if (domain === 'nxdomain' || domain === 'null_mx' || domain === 'no_mail_host') status = 'no_mail_host';
  else if (details.smtp?.step === 'rcpt' && MAILBOX_THERE.has(details.smtp.outcome)) status = 'exists';
  else if (result.verdict === 'invalid') status = 'absent';
  return { address: result.email, status, catchAll, verdict: result.verdict };
}

/** RCPTs one address cost: one per SMTP session that reached RCPT for it. */
export const rcptsOf = (result: VerificationResult): number =>
  result.details.smtp?.step === 'rcpt' ? Math.max(1, result.details.smtp.attempts) : 0;

/** The verifier port's answer for one verifyEmails call on candidates of one domain. */
export function candidateAnswer(results: readonly VerificationResult[]): {
  checks: CandidateCheck[];
  rcpts: number;
} {
  const probed = results.some((r) => r.details.catch_all?.probe && !r.details.catch_all.cached);
  return {
    checks: results.map(checkFromVerification),
    rcpts: results.reduce((sum, r) => sum + rcptsOf(r), 0) + (probed ? 1 : 0),
  };
}
