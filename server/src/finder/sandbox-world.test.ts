import { describe, expect, it } from 'vitest';
// Tests may read the sandbox world (production code never does): how often the engine's guesses
// reach the ground truth of a simulated company world, as a floor that catches ranking regressions.
import { buildWorld } from '../sandbox/world/build-world.ts';
import type { Person } from '../sandbox/world/types.ts';
import { domainCandidates } from './company/domain-candidates.ts';
import { candidatesFor } from './patterns/candidates.ts';
import { learnPattern } from './patterns/learn-pattern.ts';

const world = buildWorld({ seed: 'finder', companies: 400 });
const staff = new Map<string, Person[]>();
for (const p of world.people) staff.set(p.companyId, [...(staff.get(p.companyId) ?? []), p]);

describe('finder engine against the sandbox world', () => {
  it('ranks the real address high, and higher once colleagues’ addresses are known', () => {
    const hits = { top1: 0, top12: 0, learnedTop1: 0, learnedTop12: 0 };
    for (const people of staff.values()) {
      for (const p of people) {
        const local = p.email.split('@')[0];
        const name = { firstName: p.firstName, lastName: p.lastName, middleName: p.middleName ?? null };
        const plain = candidatesFor(name, null, { max: 12 }).map((c) => c.local);
        // Learn from up to four colleagues, as the service would from earlier finds at the domain.
        const colleagues = people.filter((o) => o !== p).slice(0, 4);
        const learned = learnPattern(
          colleagues.map((o) => ({ name: { firstName: o.firstName, lastName: o.lastName }, address: o.email })),
        );
        const ranked = candidatesFor(name, learned, { max: 12 }).map((c) => c.local);
        hits.top1 += Number(plain[0] === local);
        hits.top12 += Number(plain.includes(local ?? ''));
        hits.learnedTop1 += Number(ranked[0] === local);
        hits.learnedTop12 += Number(ranked.includes(local ?? ''));
      }
    }
    const n = world.people.length;
    // Measured at 0.37 / 0.94 / 0.89 / 0.97; misses are mostly collision suffixes (kim2) and nicknames.
    expect(hits.top1 / n).toBeGreaterThan(0.33);
    expect(hits.top12 / n).toBeGreaterThan(0.92);
    expect(hits.learnedTop1 / n).toBeGreaterThan(0.85);
    expect(hits.learnedTop12 / n).toBeGreaterThan(0.95);
  });

  it('guesses the company’s domain from its legal name', () => {
    const found = world.companies.filter((c) =>
      domainCandidates(c.legalName, { extraTlds: ['test'], country: c.country }).includes(c.domain),
    ).length;
    expect(found / world.companies.length).toBeGreaterThan(0.95); // measured 0.975
  });
});
