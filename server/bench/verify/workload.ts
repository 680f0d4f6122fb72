import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import type { MailBehaviour, World } from '../../src/sandbox/world/types.ts';

/**
 * Behaviours left out of the efficiency workload: their time is set on purpose by the world
 * (greylisting's deferral, a silent or slow greeting, a 421 at every connection) and by the
 * verifier's retry schedule and timeouts, not by how well sessions are scheduled. The accuracy
 * test covers them.
 */
export const TIMED_BEHAVIOURS: readonly MailBehaviour[] = [
  'greylist',
  'greylist_forever',
  'silent',
  'slow_greeting',
  'busy',
];

export interface Workload {
  world: World;
  domains: string[];
  addresses: string[];
}

/**
 * `count` addresses spread evenly over `domainCount` generated domains (each company's people
 * first, then addresses that do not exist there), deterministic for a seed.
 */
export function buildWorkload(domainCount: number, count: number, seed = 'bench-verify'): Workload {
  const world = buildWorld({ seed, companies: Math.ceil(domainCount * 1.25), peoplePerCompany: 20 });
  const companies = world.companies.filter((c) => !TIMED_BEHAVIOURS.includes(c.mail)).slice(0, domainCount);
  if (companies.length < domainCount) throw new Error(`only ${companies.length} domains without timed behaviours`);
  const staff = new Map<string, string[]>();
  for (const p of world.people) staff.set(p.companyId, [...(staff.get(p.companyId) ?? []), p.email]);
  const addresses: string[] = [];
  const perDomain = Math.floor(count / domainCount);
  companies.forEach((c, i) => {
    const want = perDomain + (i < count - perDomain * domainCount ? 1 : 0);
    const own = (staff.get(c.id) ?? []).slice(0, want);
    addresses.push(...own);
    for (let n = own.length; n < want; n++) addresses.push(`nobody.${n}@${c.domain}`);
  });
  return { world, domains: companies.map((c) => c.domain), addresses };
}
