import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFinder } from '../../bench/find/run-finder.ts';
import { buildFindWorkload } from '../../bench/find/workload.ts';
import { Worlds } from '../../src/app/worlds.ts';
import { loadConfig } from '../../src/config/config.ts';
import { findPeople, type PersonToFind } from '../../src/email-finder/find-people.ts';
import { FinderKnowledge } from '../../src/email-finder/knowledge.ts';
import { prospectOutcome } from '../../src/email-finder/outcome.ts';
import type { MailBehaviour, Person } from '../../src/sandbox/world/types.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';

/** Domains whose servers answer RCPT truthfully: there a person with a working mailbox can be found. */
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
const CATCH_ALL: readonly MailBehaviour[] = ['catch_all', 'microsoft_open'];

/**
 * Accuracy and cost of the finder against the sandbox world's ground truth: every person of 150
 * generated companies, searched as a bulk job searches them (findPeople: a company's people pooled,
 * patterns learned as finds are confirmed), with the company's name and domain as an extraction gives
 * them. The issue asks for 97 % of the findable people on domains that are not catch-all, no wrong
 * address marked safe, and the RCPTs spent per person reported.
 */
let worlds: Worlds;
beforeAll(() => {
  worlds = new Worlds(loadConfig({ ...FAST_SANDBOX_ENV, LEADFORGE_SMTP_HELO_NAME: 'finder.leadforge.test' }), {
    ...FAST_SANDBOX,
    sandbox: { ...FAST_SANDBOX.sandbox, seed: 'find-accuracy', companies: 150, peoplePerCompany: 8 },
  });
});
afterAll(() => worlds.close());

// Measured: 856/873 (98.1 %), 0 wrong safe, 3.49 RCPTs per person, 1.80 once the pattern is known.
it('finds ≥97 % of the findable people, marks no wrong address safe, and reports RCPTs per person', async () => {
  const { world } = await worlds.mailWorld();
  const companies = new Map(world.companies.map((c) => [c.id, c]));
  const people: Person[] = world.people.filter((p) => companies.has(p.companyId));
  const input: PersonToFind[] = people.map((p, ref) => {
    const c = companies.get(p.companyId);
    return {
      ref,
      firstName: p.firstName,
      lastName: p.lastName,
      companyName: c?.legalName ?? null,
      companyDomain: c?.domain ?? null,
    };
  });
  const v = await worlds.verifier('test');
  const got = new Map<number, { email: string | null; validity: string | null; rcpts: number; known: boolean }>();
  await findPeople(input, {
    verifier: v,
    mode: 'test',
    knowledge: new FinderKnowledge(),
    onResult: (person, result, info) => {
      const o = prospectOutcome(result);
      const rcpts = result instanceof Error ? 0 : result.rcpts;
      got.set(person.ref, { email: o.found_email, validity: o.email_validity, rcpts, known: info.patternKnown });
    },
  });
  expect(got.size).toBe(people.length);

  const stats = { findable: 0, found: 0, wrongSafe: [] as string[], catchAllSafe: 0, noHostFound: 0 };
  const missed: string[] = [];
  people.forEach((p, ref) => {
    const c = companies.get(p.companyId);
    const r = got.get(ref);
    if (!c || !r) return;
    if (r.validity === 'safe' && r.email !== p.email) stats.wrongSafe.push(`${p.fullName}: ${r.email} (is ${p.email})`);
    if (CATCH_ALL.includes(c.mail) && r.validity === 'safe') stats.catchAllSafe += 1;
    if (['null_mx', 'nxdomain'].includes(c.mail) && r.email) stats.noHostFound += 1;
    if (ANSWERING.includes(c.mail) && p.mailbox !== 'disabled') {
      stats.findable += 1;
      if (r.email === p.email && (r.validity === 'safe' || r.validity === 'riskier')) stats.found += 1;
      else missed.push(`${p.fullName} <${p.email}>: ${r.email ?? 'none'} ${r.validity ?? ''}`);
    }
  });
  const all = [...got.values()];
  const known = all.filter((r) => r.known);
  const perPerson = all.reduce((n, r) => n + r.rcpts, 0) / all.length;
  const perKnown = known.reduce((n, r) => n + r.rcpts, 0) / Math.max(1, known.length);
  const rate = stats.found / stats.findable;
  console.info(
    `finder on the sandbox: ${stats.found}/${stats.findable} findable people found (${(rate * 100).toFixed(1)} %), ` +
      `${stats.wrongSafe.length} wrong addresses marked safe; ${perPerson.toFixed(2)} RCPTs per person over ${all.length}, ` +
      `${perKnown.toFixed(2)} once the domain's pattern is known (${known.length} people)`,
  );
  if (missed.length > 0) console.info(missed.slice(0, 40));
  expect(stats.wrongSafe).toEqual([]);
  expect(stats.catchAllSafe).toBe(0);
  expect(stats.noHostFound).toBe(0);
  expect(rate).toBeGreaterThanOrEqual(0.97);
  expect(perKnown).toBeLessThanOrEqual(2);
});

// The bench's partial run once marked two wrong addresses safe: the second of two Katherine Wrights
// at one company was given the first one's kwright@ (hers is kwright2@), and James Wilkinson was given
// james@ on a first-name domain (his is j.wilkinson@; james@ is James McDonald's, who is not in the
// list). The same 300 people over 15 companies, without latency.
it('marks no wrong address safe where the bench once did (namesakes, a colleague’s first-name address)', async () => {
  const run = await runFinder(buildFindWorkload(15, 300), 0, 2);
  expect(run.wrongSafeExamples).toEqual([]);
  expect(run.wrongSafe).toBe(0);
  expect(run.found).toBeGreaterThanOrEqual(250);
});
