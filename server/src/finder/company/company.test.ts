import { describe, expect, it } from 'vitest';
import type { DomainChecker, MailHost } from '../ports.ts';
import { cleanCompanyName, companyKey } from './company-name.ts';
import { domainCandidates } from './domain-candidates.ts';
import { domainFromWebsite, resolveCompanyDomain } from './resolve-domain.ts';

describe('cleanCompanyName', () => {
  it.each([
    ['Acme, Inc.', ['Acme'], []],
    ['Acme Corp.', ['Acme'], []],
    ['Northwind Analytics LLC', ['Northwind', 'Analytics'], []],
    ['Müller Maschinenbau GmbH', ['Müller', 'Maschinenbau'], ['de', 'at', 'ch']],
    ['Müller Maschinenbau GmbH & Co. KG', ['Müller', 'Maschinenbau'], ['de']],
    ['Dupont S.A.', ['Dupont'], ['fr', 'es', 'ch', 'be']],
    ['Lumière SAS', ['Lumière'], ['fr']],
    ['Kowalski sp. z o.o.', ['Kowalski'], ['pl']],
    ['Rossi S.r.l.', ['Rossi'], ['it', 'ro']],
    ['Bakker B.V.', ['Bakker'], ['nl', 'be']],
    ['Svensson AB', ['Svensson'], ['se']],
    ['Nokia Oyj', ['Nokia'], ['fi']],
    ['Smith & Jones Ltd', ['Smith', '&', 'Jones'], ['co.uk']],
    ['Acme Pty Ltd', ['Acme'], ['com.au']],
    ['Infosys Pvt Ltd', ['Infosys'], ['in', 'co.in']],
    ['García y Asociados S.L.', ['García', 'y', 'Asociados'], ['es']],
    ['AG', ['AG'], []], // a lone word is a name, not a legal form
  ])('%s', (name, words, tlds) => {
    expect(cleanCompanyName(name)).toEqual({ words, legalTlds: tlds });
  });

  it('keys learned domains by the folded name without legal form', () => {
    expect(companyKey('The Müller Group GmbH')).toBe('mullergroup');
    expect(companyKey('Northwind Analytics, Inc.')).toBe(companyKey('northwind analytics'));
  });
});

describe('domainCandidates', () => {
  it('joined .com first, then the hinted country, then other spellings and TLDs', () => {
    expect(domainCandidates('Northwind Analytics Inc.', { max: 6 })).toEqual([
      'northwindanalytics.com',
      'northwind-analytics.com',
      'northwindanalytics.io',
      'northwindanalytics.co',
      'northwindanalytics.ai',
      'northwindanalytics.net',
    ]);
    expect(domainCandidates('Northwind Analytics Inc.', { max: 7 })[6]).toBe('northwind.com');
    expect(domainCandidates('Müller Maschinenbau GmbH', { max: 4 })).toEqual([
      'muellermaschinenbau.com',
      'mullermaschinenbau.com',
      'muellermaschinenbau.de',
      'mullermaschinenbau.de',
    ]);
    expect(domainCandidates('Acme Ltd', { country: 'GB', max: 2 })).toEqual(['acme.com', 'acme.co.uk']);
  });

  it('tries a deployment’s own TLDs first, drops generic words, and knows domain-like names', () => {
    expect(domainCandidates('Northwind Group', { extraTlds: ['test'], max: 3 })).toEqual([
      'northwindgroup.test',
      'northwindgroup.com',
      'northwind-group.test',
    ]);
    expect(domainCandidates('Northwind Group')).toContain('northwind.com');
    expect(domainCandidates('Booking.com')[0]).toBe('booking.com');
    expect(domainCandidates('Smith & Jones')).toContain('smithandjones.com');
    expect(domainCandidates('Alpha Beta Gamma Holdings')).toContain('abg.com');
  });

  it('includes internationalised forms as A-labels', () => {
    expect(domainCandidates('Müller Maschinenbau GmbH', { max: 40 })).toContain('xn--mllermaschinenbau-22b.com');
  });
});

describe('resolveCompanyDomain', () => {
  const checker = (hosts: Record<string, MailHost>, asked: string[] = []): DomainChecker => ({
    mailHost: async (domain) => {
      asked.push(domain);
      return hosts[domain] ?? 'none';
    },
  });

  it('uses the website when given', async () => {
    expect(domainFromWebsite('https://www.Acme.com/about')).toBe('acme.com');
    expect(domainFromWebsite('acme.io')).toBe('acme.io');
    expect(domainFromWebsite('localhost')).toBeNull();
    const r = await resolveCompanyDomain({ name: 'Acme', website: 'www.acme.io' }, { domains: checker({}) });
    expect(r).toEqual({ domain: 'acme.io', source: 'given', checked: [] });
  });

  it('prefers a domain learned from company records', async () => {
    const asked: string[] = [];
    const known = { lookup: async (key: string) => (key === 'northwindanalytics' ? 'nwa.example' : null) };
    const r = await resolveCompanyDomain(
      { name: 'Northwind Analytics, Inc.' },
      { domains: checker({}, asked), knownDomains: known },
    );
    expect(r).toEqual({ domain: 'nwa.example', source: 'known', checked: [] });
    expect(asked).toEqual([]);
  });

  it('takes the first guess with MX, else the first with A, else nothing', async () => {
    const asked: string[] = [];
    const hosts: Record<string, MailHost> = { 'northwind-analytics.com': 'a', 'northwindanalytics.io': 'mx' };
    const r = await resolveCompanyDomain({ name: 'Northwind Analytics' }, { domains: checker(hosts, asked) });
    expect(r).toEqual({ domain: 'northwindanalytics.io', source: 'guessed', checked: asked });
    expect(asked).toEqual(['northwindanalytics.com', 'northwind-analytics.com', 'northwindanalytics.io']);

    const onlyA = await resolveCompanyDomain(
      { name: 'Northwind Analytics' },
      { domains: checker({ 'northwind.com': 'a' }) },
    );
    expect(onlyA?.domain).toBe('northwind.com');
    expect(await resolveCompanyDomain({ name: 'Northwind Analytics' }, { domains: checker({}) })).toBeNull();
    expect(await resolveCompanyDomain({}, { domains: checker({}) })).toBeNull();
  });
});
