import { domainToASCII } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAddress } from './address.ts';
import { buildWorld } from './build-world.ts';
import { isRoleWord } from './role-words.ts';
import type { MailBehaviour, World } from './types.ts';

/** Built once by the first test (which times it), reused by the others. */
let defaultWorld: World | undefined;

describe('buildWorld', () => {
  it('builds the default world (≥2,000 companies, ≥20,000 people) fast', () => {
    const started = performance.now();
    defaultWorld = buildWorld();
    const elapsed = performance.now() - started;
    const world = defaultWorld;
    expect(world.companies.length).toBeGreaterThanOrEqual(2000);
    expect(world.people.length).toBeGreaterThanOrEqual(20_000);
    expect(elapsed).toBeLessThan(1500);
  });

  it('is the same world for the same seed, and another for another seed', () => {
    const a = buildWorld({ seed: 7, companies: 120 });
    const b = buildWorld({ seed: 7, companies: 120 });
    const c = buildWorld({ seed: 8, companies: 120 });
    expect(b.companies).toEqual(a.companies);
    expect(b.people).toEqual(a.people);
    expect([...b.mailboxes.values()]).toEqual([...a.mailboxes.values()]);
    expect(c.companies.map((x) => x.domain)).not.toEqual(a.companies.map((x) => x.domain));
  });

  it('keeps every company and person of a smaller world when it grows', () => {
    const small = buildWorld({ seed: 'grow', companies: 80 });
    const big = buildWorld({ seed: 'grow', companies: 160 });
    expect(big.companies.slice(0, 80)).toEqual(small.companies);
    expect(big.people.slice(0, small.people.length)).toEqual(small.people);
  });

  it('gives every person a valid, unique address at their company domain, never a role account', () => {
    const world = buildWorld({ companies: 600 });
    const addresses = new Set<string>();
    const byId = new Map(world.companies.map((c) => [c.id, c]));
    for (const person of world.people) {
      const parsed = parseAddress(person.email);
      expect(parsed, person.email).toBeDefined();
      expect(parsed?.domain).toBe(byId.get(person.companyId)?.domain);
      expect(isRoleWord(parsed?.local ?? ''), person.email).toBe(false);
      expect(addresses.has(person.email), person.email).toBe(false);
      addresses.add(person.email);
    }
    for (const company of world.companies) for (const r of company.roleAddresses) expect(isRoleWord(r)).toBe(true);
  });

  it('has the names a finder must cope with: accents, hyphens, particles, apostrophes, nicknames', () => {
    const { people } = buildWorld({ companies: 600 });
    const names = people.map((p) => `${p.firstName} ${p.lastName}`);
    expect(names.some((n) => /[éüöñłß]/.test(n))).toBe(true);
    expect(names.some((n) => /\w-\w/.test(n))).toBe(true);
    expect(names.some((n) => /\b(van der|van den|de la|da|dos) /.test(n))).toBe(true);
    expect(names.some((n) => n.includes("'"))).toBe(true);
    const nicknamed = people.filter((p) => p.nickname);
    expect(nicknamed.some((p) => p.email.startsWith(p.nickname?.toLowerCase() ?? '-'))).toBe(true);
    expect(people.some((p) => /^müller/i.test(p.lastName) && /mueller/.test(p.email))).toBe(true);
  });

  it('spreads companies over every generated behaviour, several patterns and some IDN domains', () => {
    const world = defaultWorld ?? buildWorld();
    const behaviours = new Set<MailBehaviour>(world.companies.map((c) => c.mail));
    expect(behaviours.size).toBeGreaterThanOrEqual(17);
    expect(new Set(world.companies.map((c) => c.pattern)).size).toBe(10);
    const idn = world.companies.filter((c) => c.domain !== c.unicodeDomain);
    expect(idn.length).toBeGreaterThan(5);
    expect(idn.every((c) => c.domain.startsWith('xn--') && c.domain.endsWith('.test'))).toBe(true);
    expect(new Set(world.companies.map((c) => c.domain)).size).toBe(world.companies.length);
  });

  it('routes every SMTP-served domain to hosts that exist, and resolves every MX name', () => {
    const world = defaultWorld ?? buildWorld();
    for (const domain of world.domains.values()) {
      for (const mx of domain.mx.filter((m) => m.exchange)) {
        expect(world.hosts.has(mx.exchange), mx.exchange).toBe(true);
        // A verifier converts names to A-labels: an invalid one ("xn--" that is not punycode) is lost.
        expect(domainToASCII(mx.exchange), mx.exchange).toBe(mx.exchange);
      }
    }
    expect(world.disposableDomains).toEqual(['disposable.leadforge.test']);
  });
});
