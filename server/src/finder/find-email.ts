/**
 * The email finder's search for one person (verification.md §6 "Finder algorithm" [inf]): the
 * domain (given, learned from company records, or guessed and checked in DNS), then the person's
 * candidates in order of likelihood, asked in batches so the shell can put several RCPTs on one SMTP
 * session, stopping at the first confirmed address. On a catch-all domain nothing can be confirmed:
 * the likeliest address is returned as `riskier` only when the domain's pattern is known from ≥2
 * addresses, else as `suspect`. No address is ever returned on a domain without a mail host.
 */
import {
  type CompanyRef,
  type DomainSource,
  domainFromWebsite,
  resolveCompanyDomain,
} from './company/resolve-domain.ts';
import type { PersonName } from './names/parse-name.ts';
import type { AddressPattern } from './patterns/address-patterns.ts';
import { type Candidate, candidatesFor } from './patterns/candidates.ts';
import { dominantPattern } from './patterns/learn-pattern.ts';
import type { CandidateCheck, FinderPorts } from './ports.ts';

export interface FinderPerson extends PersonName {
  /** The mail domain when known; otherwise it is resolved from `company`. */
  readonly domain?: string | null;
  readonly company?: CompanyRef | null;
}

export interface FinderOptions {
  /** Candidates per verify call: §6 "≤5 per connection". */
  readonly batchSize?: number;
  /**
   * When the domain's pattern is known (learned from ≥2 addresses), the first verify call asks only
   * this many of the learned candidates (default 1): the learned guess is usually right, so asking
   * four more with it would spend RCPTs for nothing.
   */
  readonly learnedBatchSize?: number;
  /** Candidates asked about at most (default 12). */
  readonly maxCandidates?: number;
  /** Stop before a batch once this many RCPTs were spent (default: no cap beyond maxCandidates). */
  readonly maxRcpts?: number;
  /** Domain suffixes to try first when guessing a company's domain. */
  readonly extraTlds?: readonly string[];
  /** Domains checked in DNS at most when guessing (default 12). */
  readonly maxDomainChecks?: number;
}

export type FinderVerdict = 'safe' | 'riskier' | 'suspect' | 'none';

export type FinderReason =
  | 'confirmed' // a candidate was accepted by a server shown (or judged by the verifier) not to accept everything
  | 'catch_all_known_pattern' // catch-all domain, pattern learned from ≥2 addresses
  | 'catch_all' // catch-all domain, pattern not known well enough
  | 'unverifiable' // the server answered neither yes nor no for the candidates left
  | 'not_found' // every candidate was rejected
  | 'undeliverable' // the verifier judged the domain undeliverable (disposable, …)
  | 'budget_exhausted'
  | 'no_name'
  | 'no_domain'
  | 'free_provider' // a personal mailbox provider: a confirmed address there may be anyone's
  | 'no_mail_host'
  | 'dns_error';

export interface FinderResult {
  readonly email: string | null;
  readonly verdict: FinderVerdict;
  readonly reason: FinderReason;
  readonly domain: string | null;
  readonly domainSource: DomainSource | null;
  /** The pattern of the returned address, and its share of the candidates' probability. */
  readonly pattern: AddressPattern | null;
  readonly score: number | null;
  /** Next likeliest addresses when the answer is a guess (catch-all, unverifiable). */
  readonly alternates: readonly string[];
  /** Addresses asked about, in order. */
  readonly tried: readonly string[];
  /** RCPT commands spent on this person (as the verifier reported them). */
  readonly rcpts: number;
}

const ALTERNATES = 3;
/** Patterns made from one of the two names only. */
const ONE_NAME: ReadonlySet<AddressPattern> = new Set(['first', 'last']);
/** Collision spellings tried in place of a taken address: john2, john3 [inf: the usual numbering]. */
const COLLISION_SUFFIXES = ['2', '3'];

type Taken = 'other' | 'namesake' | null;

/**
 * Candidates with each address already confirmed for someone else replaced by its first free
 * collision spelling. An address confirmed for another person of the same name is kept right after
 * its collision spelling: that "other" may be this very person, listed twice. The collision
 * spellings and the namesakes' addresses are recorded in `doubtful`.
 */
function untaken(
  candidates: readonly Candidate[],
  taken: (local: string) => Taken,
  doubtful: Set<string>,
): Candidate[] {
  const seen = new Set(candidates.map((c) => c.local));
  const out: Candidate[] = [];
  for (const c of candidates) {
    const by = taken(c.local);
    if (by === null) {
      out.push(c);
      continue;
    }
    const free = COLLISION_SUFFIXES.map((s) => `${c.local}${s}`).find((l) => taken(l) === null && !seen.has(l));
    if (free) {
      seen.add(free);
      doubtful.add(free);
      out.push({ ...c, local: free });
    }
    if (by === 'namesake') {
      doubtful.add(c.local);
      out.push(c);
    }
  }
  return out;
}

/** Patterns that spell both names in full: only a namesake of the very same name fits them. */
const BOTH_NAMES_IN_FULL: ReadonlySet<AddressPattern> = new Set([
  'first.last',
  'firstlast',
  'first_last',
  'first-last',
  'last.first',
  'lastfirst',
  'first.m.last',
]);

/**
 * A server's yes proves a mailbox, not whose it is. The find is `safe` only when the address spells
 * both names in full and nobody else is known to fit it; otherwise it is at most `riskier`: john@ is
 * any John's, jsmith@ any J. Smith's (companies number the later ones: jsmith2@), john2@ some later
 * John's, and an address a namesake of this job was given may be theirs. Found by the sandbox bench,
 * which had marked james@ safe for James Wilkinson (j.wilkinson@; James McDonald holds james@) and
 * r.rao@ for Rajesh Rao (rrao@; Ravi Rao holds r.rao@).
 */
function confirmedVerdict(candidate: Candidate, verdict: FinderVerdict, doubtful: ReadonlySet<string>): FinderVerdict {
  const ambiguous = !BOTH_NAMES_IN_FULL.has(candidate.pattern) || doubtful.has(candidate.local);
  return ambiguous && verdict === 'safe' ? 'riskier' : verdict;
}

export async function findEmail(
  person: FinderPerson,
  ports: FinderPorts,
  options: FinderOptions = {},
): Promise<FinderResult> {
  const tried: string[] = [];
  let rcpts = 0;
  let domain: string | null = null;
  let domainSource: DomainSource | null = null;
  const end = (
    verdict: FinderVerdict,
    reason: FinderReason,
    pick?: Candidate,
    alternates: readonly Candidate[] = [],
  ): FinderResult => ({
    email: pick && domain ? `${pick.local}@${domain}` : null,
    verdict,
    reason,
    domain,
    domainSource,
    pattern: pick?.pattern ?? null,
    score: pick?.score ?? null,
    alternates: domain ? alternates.slice(0, ALTERNATES).map((c) => `${c.local}@${domain}`) : [],
    tried,
    rcpts,
  });

  const given = person.domain ? domainFromWebsite(person.domain) : null;
  if (given) {
    domain = given;
    domainSource = 'given';
  } else if (person.company) {
    const resolved = await resolveCompanyDomain(person.company, ports, {
      ...(options.extraTlds ? { extraTlds: options.extraTlds } : {}),
      max: options.maxDomainChecks ?? 12,
    });
    if (resolved) ({ domain, source: domainSource } = resolved);
  }
  if (!domain) return end('none', 'no_domain');
  if (ports.isFreeProvider?.(domain)) return end('none', 'free_provider');
  // A guessed domain was kept only because it has a mail host; any other is checked here, before any RCPT.
  if (domainSource !== 'guessed') {
    const host = await ports.domains.mailHost(domain);
    if (host === 'none') return end('none', 'no_mail_host');
    if (host === 'error') return end('none', 'dns_error');
  }

  const learned = (await ports.patterns?.learned(domain)) ?? null;
  const doubtful = new Set<string>();
  const taken = (local: string): Taken => {
    const address = `${local}@${domain}`;
    if (ports.takenByOther?.(address, person)) return 'other';
    return ports.takenByNamesake?.(address, person) ? 'namesake' : null;
  };
  const candidates = untaken(candidatesFor(person, learned, { max: options.maxCandidates ?? 12 }), taken, doubtful);
  if (candidates.length === 0) return end('none', 'no_name');
  const knownPattern = dominantPattern(learned) !== null;

  const batchSize = Math.max(1, options.batchSize ?? 5);
  // With a known pattern: the likeliest learned spelling alone, then the other learned spellings
  // (nicknames, umlauts) together, then the rest in full batches.
  const learnedCount = candidates.filter((c) => c.learned).length;
  const sizes: number[] = [];
  if (knownPattern && learnedCount > 0) {
    const first = Math.min(learnedCount, Math.max(1, options.learnedBatchSize ?? 1));
    sizes.push(first);
    if (learnedCount > first) sizes.push(Math.min(batchSize, learnedCount - first));
  }
  const sizeAt = (n: number) => sizes[n] ?? batchSize;
  const unknown: Candidate[] = [];
  for (let i = 0, n = 0; i < candidates.length; i += sizeAt(n), n += 1) {
    if (options.maxRcpts !== undefined && rcpts >= options.maxRcpts) {
      return unknown.length
        ? end('suspect', 'unverifiable', unknown[0], unknown.slice(1))
        : end('none', 'budget_exhausted');
    }
    const batch = candidates.slice(i, i + sizeAt(n));
    const addresses = batch.map((c) => `${c.local}@${domain}`);
    tried.push(...addresses);
    const answer = await ports.verifier.verify(addresses);
    rcpts += answer.rcpts;
    const byAddress = new Map<string, CandidateCheck>(answer.checks.map((c) => [c.address.toLowerCase(), c]));
    const checks = addresses.map((a) => byAddress.get(a));

    if (checks.some((c) => c?.status === 'no_mail_host')) return end('none', 'no_mail_host');
    if (checks.some((c) => c?.catchAll === true)) {
      const [top, ...rest] = candidates;
      // Any address is accepted, so no answer here says which one is real: the ranking alone decides.
      return knownPattern && top?.learned
        ? end('riskier', 'catch_all_known_pattern', top, rest)
        : end('suspect', 'catch_all', top, rest);
    }
    // Several mailboxes of one batch may exist (john@ is often another John's): the address made
    // from both names is this person's more surely than one made from either name alone [inf].
    const existing = batch
      .map((candidate, k) => ({ candidate, check: checks[k] }))
      .filter(({ check }) => check?.status === 'exists');
    const pick = existing.find(({ candidate }) => !ONE_NAME.has(candidate.pattern)) ?? existing[0];
    if (pick?.check) {
      if (pick.check.verdict === 'invalid') return end('none', 'undeliverable');
      return end(confirmedVerdict(pick.candidate, pick.check.verdict, doubtful), 'confirmed', pick.candidate);
    }
    for (const [k, check] of checks.entries()) {
      const candidate = batch[k];
      if (candidate && (!check || check.status === 'unknown')) unknown.push(candidate);
    }
    // A server that answered nothing for a whole batch will not answer the next one either [inf].
    if (batch.every((c) => unknown.includes(c))) break;
  }
  return unknown.length ? end('suspect', 'unverifiable', unknown[0], unknown.slice(1)) : end('none', 'not_found');
}
