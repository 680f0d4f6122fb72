/**
 * A company's mail domain: its website's host when given, else a domain learned from extracted
 * company records, else the first generated candidate with a mail host (MX preferred over a bare A
 * record: a parked domain often has only A [inf]). verification.md §6 step 3.
 */
import { domainToASCII } from 'node:url';
import type { DomainChecker, KnownCompanyDomains } from '../ports.ts';
import { companyKey } from './company-name.ts';
import { type DomainCandidateOptions, domainCandidates } from './domain-candidates.ts';

export interface CompanyRef {
  readonly name?: string | null;
  /** The company's website or domain when known ("https://www.acme.com/about" → acme.com). */
  readonly website?: string | null;
  readonly country?: string | null;
}

export type DomainSource = 'given' | 'known' | 'guessed';

export interface ResolvedDomain {
  readonly domain: string;
  readonly source: DomainSource;
  /** Domains asked about in DNS, in order (for the result's details). */
  readonly checked: readonly string[];
}

/** A website or typed domain reduced to a lower-case A-label host without www. */
export function domainFromWebsite(website: string): string | null {
  const text = website.trim();
  if (!text) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  const ascii = domainToASCII(
    host
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/^www\d?\./, ''),
  );
  return ascii.includes('.') ? ascii : null;
}

export async function resolveCompanyDomain(
  company: CompanyRef,
  ports: { domains: DomainChecker; knownDomains?: KnownCompanyDomains },
  options: Omit<DomainCandidateOptions, 'country'> = {},
): Promise<ResolvedDomain | null> {
  const given = company.website ? domainFromWebsite(company.website) : null;
  if (given) return { domain: given, source: 'given', checked: [] };
  if (!company.name) return null;
  const known = await ports.knownDomains?.lookup(companyKey(company.name));
  if (known) return { domain: known, source: 'known', checked: [] };

  const checked: string[] = [];
  let withA: string | null = null;
  for (const domain of domainCandidates(company.name, { ...options, country: company.country ?? null })) {
    checked.push(domain);
    const host = await ports.domains.mailHost(domain);
    if (host === 'mx') return { domain, source: 'guessed', checked };
    if (host === 'a' && withA === null) withA = domain;
  }
  return withA ? { domain: withA, source: 'guessed', checked } : null;
}
