import type { Verdict } from '../../../../lib/contract/enums.ts';
import type { MailBehaviour, MailboxStatus } from './types.ts';

/**
 * The fixed part of the sandbox: one domain per case of the verdict table, the same in every world
 * whatever the seed, so integrators can use these addresses in their own tests. docs/sandbox.md lists
 * them; a test checks that it lists every one with the verdict below.
 */
export const FIXED_ZONE = 'leadforge.test';

export interface FixedDomain {
  /** First label; the domain is `${label}.${FIXED_ZONE}`. */
  readonly label: string;
  readonly behaviour: MailBehaviour;
}

export const FIXED_DOMAINS: readonly FixedDomain[] = [
  { label: 'ok', behaviour: 'normal' },
  { label: 'postfix', behaviour: 'self_hosted' },
  { label: 'catchall', behaviour: 'catch_all' },
  { label: 'microsoft', behaviour: 'microsoft' },
  { label: 'outlook', behaviour: 'microsoft_consumer' },
  { label: 'microsoft-open', behaviour: 'microsoft_open' },
  { label: 'greylist', behaviour: 'greylist' },
  { label: 'greylist-forever', behaviour: 'greylist_forever' },
  { label: 'blocked', behaviour: 'blocks_us' },
  { label: 'blocked-at-connect', behaviour: 'blocks_at_connect' },
  { label: 'slow', behaviour: 'slow_greeting' },
  { label: 'silent', behaviour: 'silent' },
  { label: 'limit', behaviour: 'recipient_limit' },
  { label: 'tls-required', behaviour: 'tls_required' },
  { label: 'drops', behaviour: 'drops' },
  { label: 'busy', behaviour: 'busy' },
  { label: 'nullmx', behaviour: 'null_mx' },
  { label: 'implicit', behaviour: 'implicit_mx' },
  { label: 'deadprimary', behaviour: 'dead_primary_mx' },
  { label: 'unreachable', behaviour: 'all_mx_dead' },
  { label: 'nxdomain', behaviour: 'nxdomain' },
  { label: 'servfail', behaviour: 'servfail' },
  { label: 'bücher', behaviour: 'normal' },
  { label: 'disposable', behaviour: 'disposable' },
];

/** Mailboxes of every fixed domain that has a mail server. Any other local part does not exist. */
export const FIXED_MAILBOXES: readonly (readonly [local: string, status: MailboxStatus, role: boolean])[] = [
  ['alice', 'active', false],
  ['bob', 'active', false],
  ['carol', 'active', false],
  ['dave', 'active', false],
  ['josé', 'active', false],
  ['full', 'full', false],
  ['disabled', 'disabled', false],
  ['info', 'active', true],
  ['sales', 'active', true],
];

export interface FixedAddress {
  readonly address: string;
  readonly verdict: Verdict;
  readonly why: string;
}

const at = (local: string, label: string) => `${local}@${label}.${FIXED_ZONE}`;

/** The addresses docs/sandbox.md documents, with the verdict a correct verifier gives each. */
export const FIXED_ADDRESSES: readonly FixedAddress[] = [
  { address: at('alice', 'ok'), verdict: 'safe', why: '250 2.1.5; a random address gets 550-5.1.1 (Gmail texts)' },
  { address: at('nosuchuser', 'ok'), verdict: 'invalid', why: '550-5.1.1 The email account … does not exist' },
  { address: at('disabled', 'ok'), verdict: 'invalid', why: '550-5.2.1 The email account … is disabled' },
  { address: at('full', 'ok'), verdict: 'riskier', why: "552-5.2.2 The recipient's inbox is out of storage space" },
  { address: at('info', 'ok'), verdict: 'riskier', why: 'a role account, accepted' },
  { address: at('josé', 'ok'), verdict: 'safe', why: 'UTF-8 local part; the server offers SMTPUTF8' },
  { address: at('alice', 'postfix'), verdict: 'safe', why: 'own MX (Postfix texts), no SMTPUTF8' },
  {
    address: at('nosuchuser', 'postfix'),
    verdict: 'invalid',
    why: '550 5.1.1 … User unknown in virtual mailbox table',
  },
  { address: at('alice', 'catchall'), verdict: 'riskier', why: 'catch-all: every RCPT accepted' },
  { address: at('nosuchuser', 'catchall'), verdict: 'riskier', why: 'catch-all: every RCPT accepted' },
  { address: at('alice', 'microsoft'), verdict: 'safe', why: '250 2.1.5 Recipient OK (Microsoft 365)' },
  {
    address: at('nosuchuser', 'microsoft'),
    verdict: 'invalid',
    why: '550 5.4.1 Recipient address rejected: Access denied. AS(201806281)',
  },
  { address: at('alice', 'outlook'), verdict: 'safe', why: '250 2.1.5 Recipient OK (outlook.com-like)' },
  {
    address: at('nosuchuser', 'outlook'),
    verdict: 'invalid',
    why: '550 5.5.0 Requested action not taken: mailbox unavailable (S2017062302)',
  },
  { address: at('nosuchuser', 'microsoft-open'), verdict: 'riskier', why: 'Microsoft 365 without edge blocking' },
  { address: at('alice', 'greylist'), verdict: 'safe', why: '450 4.2.0 Greylisted, then 250 after the delay' },
  { address: at('nosuchuser', 'greylist'), verdict: 'invalid', why: '450 4.2.0 Greylisted, then 550 5.1.1' },
  { address: at('alice', 'greylist-forever'), verdict: 'suspect', why: '451 4.7.1 Greylisted on every attempt' },
  { address: at('alice', 'blocked'), verdict: 'suspect', why: '554 5.7.1 … blocked using zen.spamhaus.org' },
  { address: at('alice', 'blocked-at-connect'), verdict: 'suspect', why: '554 greeting: IP address is block listed' },
  { address: at('alice', 'slow'), verdict: 'safe', why: 'the 220 greeting comes after a delay' },
  { address: at('alice', 'silent'), verdict: 'suspect', why: 'connects, never greets: a timeout' },
  { address: at('alice', 'limit'), verdict: 'safe', why: '452 4.5.3 Too many recipients after 2 RCPTs' },
  { address: at('bob', 'limit'), verdict: 'safe', why: 'same server: needs a new connection' },
  { address: at('carol', 'limit'), verdict: 'safe', why: 'same server: needs a new connection' },
  { address: at('nosuchuser', 'limit'), verdict: 'invalid', why: '550 5.1.1 on a fresh connection' },
  { address: at('alice', 'tls-required'), verdict: 'safe', why: '530 5.7.0 Must issue a STARTTLS command first' },
  { address: at('alice', 'drops'), verdict: 'suspect', why: 'closes the connection on RCPT' },
  { address: at('alice', 'busy'), verdict: 'suspect', why: '421 4.3.2 at greeting on both MX hosts' },
  { address: at('alice', 'nullmx'), verdict: 'invalid', why: 'MX 0 . (null MX)' },
  { address: at('alice', 'implicit'), verdict: 'safe', why: 'no MX record: the A record is the mail host' },
  { address: at('alice', 'deadprimary'), verdict: 'safe', why: 'MX 10 refuses connections, MX 20 answers' },
  { address: at('alice', 'unreachable'), verdict: 'suspect', why: 'every MX host refuses connections' },
  { address: at('alice', 'nxdomain'), verdict: 'invalid', why: 'NXDOMAIN' },
  { address: at('alice', 'servfail'), verdict: 'suspect', why: 'SERVFAIL for every query' },
  { address: at('alice', 'bücher'), verdict: 'safe', why: 'IDN, served as xn--bcher-kva.leadforge.test' },
  { address: at('alice', 'xn--bcher-kva'), verdict: 'safe', why: 'the same domain in A-label form' },
  { address: at('alice', 'disposable'), verdict: 'invalid', why: 'a disposable-address domain (accepts anything)' },
  { address: at('alice..smith', 'ok'), verdict: 'invalid', why: 'bad syntax: two dots in a row' },
  { address: `alice.${FIXED_ZONE}`, verdict: 'invalid', why: 'bad syntax: no @' },
];
