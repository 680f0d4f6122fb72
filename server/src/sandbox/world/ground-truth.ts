import type { Verdict } from '../../../../lib/contract/enums.ts';
import { hasNonAscii, parseAddress } from './address.ts';
import type { MailBehaviour, World } from './types.ts';

/** Why an address has its verdict, in the words of decisions.md's verdict table. */
export type ExpectationReason =
  | 'accepted' // safe: accepted on a domain that rejects random addresses
  | 'catch_all'
  | 'role_account'
  | 'mailbox_full'
  | 'syntax'
  | 'no_such_domain'
  | 'null_mx'
  | 'unknown_mailbox'
  | 'mailbox_disabled'
  | 'disposable'
  | 'blocked' // a block aimed at the verifier (reputation list)
  | 'timeout'
  | 'unreachable' // no MX host accepts a connection, or all answer 421
  | 'connection_dropped'
  | 'still_greylisted'
  | 'dns_failure'
  | 'smtputf8_unsupported'; // a non-ASCII local part, and no mail host of the domain offers SMTPUTF8

export interface Expectation {
  readonly verdict: Verdict;
  readonly reason: ExpectationReason;
}

const expect = (verdict: Verdict, reason: ExpectationReason): Expectation => ({ verdict, reason });

/** Behaviours where no RCPT answer about the mailbox can ever be had. */
const NO_ANSWER: Partial<Record<MailBehaviour, Expectation>> = {
  servfail: expect('suspect', 'dns_failure'),
  null_mx: expect('invalid', 'null_mx'),
  blocks_us: expect('suspect', 'blocked'),
  blocks_at_connect: expect('suspect', 'blocked'),
  silent: expect('suspect', 'timeout'),
  all_mx_dead: expect('suspect', 'unreachable'),
  busy: expect('suspect', 'unreachable'),
  drops: expect('suspect', 'connection_dropped'),
  greylist_forever: expect('suspect', 'still_greylisted'),
};

/**
 * The verdict a correct verifier gives `address` in this world, per decisions.md: what the sandbox
 * servers will answer, read off the model that drives them. It assumes a verifier that waits for the
 * greeting, retries a greylisted probe after the greylisting delay with the same sender and
 * recipient, opens a new connection on 452 4.5.3, tries the next MX host when one refuses, uses
 * STARTTLS when told to, and treats the world's disposableDomains as disposable.
 */
export function expectedVerdict(world: World, address: string): Expectation {
  const parsed = parseAddress(address);
  if (!parsed) return expect('invalid', 'syntax');
  const domain = world.domains.get(parsed.domain);
  if (!domain || domain.behaviour === 'nxdomain') return expect('invalid', 'no_such_domain');
  if (domain.behaviour === 'disposable') return expect('invalid', 'disposable');
  const fixed = NO_ANSWER[domain.behaviour];
  if (fixed) return fixed;
  if (!domain.smtputf8 && hasNonAscii(parsed.local)) return expect('suspect', 'smtputf8_unsupported');
  if (domain.catchAll) return expect('riskier', 'catch_all');
  const mailbox = world.mailboxes.get(`${parsed.local}@${parsed.domain}`);
  if (!mailbox) return expect('invalid', 'unknown_mailbox');
  if (mailbox.status === 'disabled') return expect('invalid', 'mailbox_disabled');
  if (mailbox.status === 'full') return expect('riskier', 'mailbox_full');
  if (mailbox.role) return expect('riskier', 'role_account');
  return expect('safe', 'accepted');
}
