import type { LabelledAddress } from '../../src/sandbox/world/labelled-addresses.ts';
import type { MailBehaviour } from '../../src/sandbox/world/types.ts';
import type { Row } from './protocol.ts';
import type { ChildRun } from './run-child.ts';
import type { Verdict } from './types.ts';

/** The cases of the verdict table an address falls under: its domain's mail behaviour, and what its mailbox is. */
const BEHAVIOUR_CASE: Record<MailBehaviour, string> = {
  normal: 'Gmail-like host',
  self_hosted: 'Postfix host',
  catch_all: 'catch-all',
  microsoft: 'Microsoft 365 texts',
  microsoft_consumer: 'outlook.com texts',
  microsoft_open: 'Microsoft 365 accepting all (catch-all)',
  greylist: 'greylisting (60 s)',
  greylist_forever: 'greylisting forever',
  blocks_us: 'block at RCPT (554 5.7.1 Spamhaus)',
  blocks_at_connect: 'block at greeting (554)',
  slow_greeting: 'slow greeting (3 s)',
  silent: 'silent host',
  recipient_limit: 'recipient limit (452 4.5.3)',
  tls_required: 'STARTTLS required (530)',
  drops: 'connection dropped at RCPT',
  busy: '421 at greeting, every MX',
  null_mx: 'null MX',
  implicit_mx: 'implicit MX (A record)',
  dead_primary_mx: 'dead primary MX',
  all_mx_dead: 'every MX refuses',
  nxdomain: 'NXDOMAIN',
  servfail: 'SERVFAIL',
  disposable: 'disposable domain',
};
const REASON_CASE: Partial<Record<LabelledAddress['reason'], string>> = {
  accepted: 'mailbox exists',
  unknown_mailbox: 'mailbox unknown',
  mailbox_full: 'full mailbox',
  mailbox_disabled: 'disabled mailbox',
  role_account: 'role account',
  syntax: 'bad syntax',
};

export const CASE_ORDER = [
  ...Object.values(REASON_CASE),
  'IDN domain',
  'UTF-8 local part',
  ...Object.values(BEHAVIOUR_CASE),
];

export function casesOf(l: Pick<LabelledAddress, 'address' | 'reason' | 'behaviour'>): string[] {
  const cases: string[] = [];
  const reason = REASON_CASE[l.reason];
  if (reason) cases.push(reason);
  if (l.reason !== 'syntax') cases.push(BEHAVIOUR_CASE[l.behaviour]);
  const at = l.address.lastIndexOf('@');
  const domain = at < 0 ? '' : l.address.slice(at + 1);
  if (/[^\x00-\x7f]/.test(domain) || domain.split('.').some((label) => label.startsWith('xn--'))) {
    cases.push('IDN domain');
  }
  if (at > 0 && /[^\x00-\x7f]/.test(l.address.slice(0, at))) cases.push('UTF-8 local part');
  return cases;
}

export type Got = Verdict | 'timeout' | 'error' | 'no answer';

export const gotOf = (row: Row | undefined): Got =>
  row === undefined ? 'no answer' : row.kind === 'answer' ? row.verdict : row.kind;

export interface VerifierScore {
  name: string;
  version: string;
  agree: number;
  total: number;
  agreement: number;
  /** Deliverable addresses (safe or riskier in the ground truth) called invalid: leads thrown away. */
  deliverableCalledInvalid: number;
  /** Undeliverable addresses called safe or riskier: bounces. */
  invalidCalledDeliverable: number;
  /** Addresses nobody can confirm (blocks, timeouts, DNS failures: suspect) called invalid. */
  suspectCalledInvalid: number;
  /** Catch-all and role addresses, full mailboxes (riskier) called safe: risk not flagged. */
  riskierCalledSafe: number;
  timeouts: number;
  errors: number;
  notAnswered: number;
  crashes: number;
  crashSamples: string[];
  failure: string | null;
  wallMs: number;
  rssPeakMb: number | null;
  /** Case → [agree, addresses]. */
  perCase: Record<string, [number, number]>;
  /** Ground-truth verdict → what it said → count. */
  confusion: Record<string, Record<string, number>>;
}

const DELIVERABLE = new Set<Got>(['safe', 'riskier']);

export function score(name: string, version: string, labelled: LabelledAddress[], run: ChildRun): VerifierScore {
  const s: VerifierScore = {
    name,
    version,
    agree: 0,
    total: labelled.length,
    agreement: 0,
    deliverableCalledInvalid: 0,
    invalidCalledDeliverable: 0,
    suspectCalledInvalid: 0,
    riskierCalledSafe: 0,
    timeouts: 0,
    errors: 0,
    notAnswered: 0,
    crashes: run.crashes.length,
    crashSamples: [...new Set(run.crashes.map((c) => c.split('\n')[0] ?? c))].slice(0, 3),
    failure: run.failure,
    wallMs: run.ms,
    rssPeakMb: run.rssPeakMb,
    perCase: {},
    confusion: {},
  };
  labelled.forEach((l, i) => {
    const got = gotOf(run.rows[i]);
    const ok = got === l.verdict;
    if (ok) s.agree += 1;
    if (got === 'timeout') s.timeouts += 1;
    if (got === 'error') s.errors += 1;
    if (got === 'no answer') s.notAnswered += 1;
    if (DELIVERABLE.has(l.verdict) && got === 'invalid') s.deliverableCalledInvalid += 1;
    if (l.verdict === 'invalid' && DELIVERABLE.has(got)) s.invalidCalledDeliverable += 1;
    if (l.verdict === 'suspect' && got === 'invalid') s.suspectCalledInvalid += 1;
    if (l.verdict === 'riskier' && got === 'safe') s.riskierCalledSafe += 1;
    for (const c of casesOf(l)) {
      const cell = s.perCase[c] ?? [0, 0];
      cell[0] += ok ? 1 : 0;
      cell[1] += 1;
      s.perCase[c] = cell;
    }
    const row = s.confusion[l.verdict] ?? {};
    row[got] = (row[got] ?? 0) + 1;
    s.confusion[l.verdict] = row;
  });
  s.agreement = s.agree / s.total;
  return s;
}
