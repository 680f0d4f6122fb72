import { MAILBOX_RULES } from './rules/mailbox.ts';
import type { ReplyOutcome, ReplyRule } from './rules/match.ts';
import { FIRST_RULES } from './rules/ours.ts';
import type { SmtpReply } from './smtp/reply.ts';

export type { ReplyOutcome, ReplyRule } from './rules/match.ts';

/**
 * How SMTP replies are read: an ordered table, first match wins. Each rule carries the real reply
 * texts that motivated it (its test fixtures, rules.test.ts) and where they were seen.
 *
 * Order matters (verification.md §1.8): provider-specific texts first; then everything aimed at
 * *us* (IP reputation, block lists, rDNS, TLS, relaying, any X.7.x policy code) before any
 * "unknown mailbox" reading, so `550 5.7.1 … blocked using Spamhaus` can never make an address
 * invalid (reacher's order gets this wrong). Mailbox-level negatives require a 5xx code: a 4xx is
 * never invalid. Texts that are ambiguous on their own ("mailbox unavailable", "address
 * rejected", which RFC 5321 and Outlook also use for policy refusals) fall through to
 * `rejected_other`, which the classifier treats as unconfirmed.
 */
export const REPLY_RULES: readonly ReplyRule[] = [...FIRST_RULES, ...MAILBOX_RULES];

/** The outcome of a reply, and the id of the rule that read it. */
export function readReply(reply: SmtpReply): { outcome: ReplyOutcome; rule: string } {
  for (const rule of REPLY_RULES) {
    if (rule.matches(reply)) return { outcome: rule.outcome, rule: rule.id };
  }
  return { outcome: 'unexpected_reply', rule: 'unmatched' };
}
