import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import type { Company, MailBehaviour, Person, World } from '../../src/sandbox/world/types.ts';
import { TIMED_BEHAVIOURS } from '../verify/workload.ts';

export interface FindWorkload {
  world: World;
  companies: Company[];
  /** Each prospect with the person the world knows (their real address is the answer). */
  people: Person[];
}

/**
 * `count` people spread evenly over `domainCount` generated companies whose time the world does not
 * set on purpose (as the verify bench leaves out greylisting, silent and slow hosts), in the order a
 * sales-tool extraction lists them: company by company. Deterministic for a seed.
 */
export function buildFindWorkload(domainCount: number, count: number, seed = 'bench-find'): FindWorkload {
  const perDomain = Math.ceil(count / domainCount);
  // Small companies (headcount below perDomain) and timed ones do not fit, and how many there are
  // depends on the seed: the world grows until enough fit (1.6 times the companies wanted left only
  // 92 of 100 for the default run).
  for (let factor = 1.6; factor <= 8; factor *= 1.5) {
    const world = buildWorld({ seed, companies: Math.ceil(domainCount * factor), peoplePerCompany: perDomain + 12 });
    const staff = new Map<string, Person[]>();
    for (const p of world.people) staff.set(p.companyId, [...(staff.get(p.companyId) ?? []), p]);
    const companies = world.companies
      .filter((c) => !TIMED_BEHAVIOURS.includes(c.mail) && (staff.get(c.id)?.length ?? 0) >= perDomain)
      .slice(0, domainCount);
    if (companies.length === domainCount) return pick(world, companies, staff, count);
  }
  throw new Error(`the sandbox world has too few companies with ${perDomain} people for this workload`);
}

/** The first people of each chosen company, `count` in all, spread as evenly as they divide. */
function pick(world: World, companies: Company[], staff: Map<string, Person[]>, count: number): FindWorkload {
  const domainCount = companies.length;
  const people: Person[] = [];
  companies.forEach((c, i) => {
    const want = Math.floor(count / domainCount) + (i < count % domainCount ? 1 : 0);
    people.push(...(staff.get(c.id) ?? []).slice(0, want));
  });
  return { world, companies, people };
}

/** Servers that answer RCPT truthfully (as the accuracy test counts them): there a person can be found. */
const ANSWERING: readonly MailBehaviour[] = [
  'normal',
  'self_hosted',
  'microsoft',
  'microsoft_consumer',
  'greylist',
  'recipient_limit',
  'tls_required',
  'dead_primary_mx',
  'implicit_mx',
  'slow_greeting',
];

/** Whether a finder can confirm this person's address: an answering server and a mailbox that takes mail. */
export const isFindable = (company: Company, person: Person): boolean =>
  ANSWERING.includes(company.mail) && person.mailbox !== 'disabled';
