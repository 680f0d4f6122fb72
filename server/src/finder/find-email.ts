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
  const candidates = candidatesFor(person, learned, { max: options.maxCandidates ?? 12 });
  if (candidates.length === 0) return end('none', 'no_name');
  const knownPattern = dominantPattern(learned) !== null;

  const batchSize = Math.max(1, options.batchSize ?? 5);
  const unknown: Candidate[] = [];
  for (let i = 0; i < candidates.length; i += batchSize) {
    if (options.maxRcpts !== undefined && rcpts >= options.maxRcpts) {
      return unknown.length
        ? end('suspect', 'unverifiable', unknown[0], unknown.slice(1))
        : end('none', 'budget_exhausted');
    }
    const batch = candidates.slice(i, i + batchSize);
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
    for (const [k, check] of checks.entries()) {
      const candidate = batch[k];
      if (!candidate) continue;
      if (check?.status === 'exists') {
        if (check.verdict === 'invalid') return end('none', 'undeliverable');
        return end(check.verdict, 'confirmed', candidate);
      }
      if (!check || check.status === 'unknown') unknown.push(candidate);
    }
    // A server that answered nothing for a whole batch will not answer the next one either [inf].
    if (batch.every((c) => unknown.includes(c))) break;
  }
  return unknown.length ? end('suspect', 'unverifiable', unknown[0], unknown.slice(1)) : end('none', 'not_found');
}
