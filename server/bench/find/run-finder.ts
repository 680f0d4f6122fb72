import { findPeople, type PersonToFind } from '../../src/email-finder/find-people.ts';
import { FinderKnowledge } from '../../src/email-finder/knowledge.ts';
import { prospectOutcome } from '../../src/email-finder/outcome.ts';
import { startMailWorld } from '../../src/sandbox/mail-world.ts';
import { countingSandboxVerifier } from '../lib/sandbox-verifier.ts';
import { type FindWorkload, isFindable } from './workload.ts';

export interface FinderRun {
  ms: number;
  people: number;
  rcpts: number;
  /** People searched once their domain's pattern was known, and the RCPTs they cost. */
  known: { people: number; rcpts: number };
  connections: number;
  found: number;
  /** People whose address can be confirmed (isFindable), and of them those found as safe or riskier. */
  findable: { people: number; found: number };
  wrongSafe: number;
  /** The first few wrong safe answers, to look at. */
  wrongSafeExamples: string[];
  verdicts: Record<string, number>;
}

/**
 * The finder as a bulk job runs it (findPeople: a company's people pooled into shared verifier calls,
 * patterns learned as finds are confirmed, nothing known beforehand), over the sandbox mail world with
 * `latencyMs` on every DNS answer and SMTP reply and `perMx` sessions per MX host, as the service runs
 * sandbox work. Each person is given with the company's name and domain, as an extraction gives them.
 */
export async function runFinder(work: FindWorkload, latencyMs: number, perMx: number): Promise<FinderRun> {
  const mail = await startMailWorld({ world: work.world, latencyMs });
  try {
    const verifier = countingSandboxVerifier(mail, perMx);
    const companies = new Map(work.companies.map((c) => [c.id, c]));
    const input: PersonToFind[] = work.people.map((p, ref) => {
      const c = companies.get(p.companyId);
      return {
        ref,
        firstName: p.firstName,
        lastName: p.lastName,
        companyName: c?.legalName ?? null,
        companyDomain: c?.domain ?? null,
      };
    });
    const run: FinderRun = {
      ms: 0,
      people: input.length,
      rcpts: 0,
      known: { people: 0, rcpts: 0 },
      connections: 0,
      found: 0,
      findable: { people: 0, found: 0 },
      wrongSafe: 0,
      wrongSafeExamples: [],
      verdicts: {},
    };
    const progress = setInterval(() => process.stderr.write(`  finder: ${run.found} found so far\n`), 15_000);
    const started = performance.now();
    try {
      await findPeople(input, {
        verifier,
        mode: 'test',
        knowledge: new FinderKnowledge(),
        onResult: (person, result, info) => {
          const o = prospectOutcome(result);
          const rcpts = result instanceof Error ? 0 : result.rcpts;
          const truth = work.people[person.ref]?.email;
          run.rcpts += rcpts;
          if (info.patternKnown) {
            run.known.people += 1;
            run.known.rcpts += rcpts;
          }
          const key = o.email_validity ?? 'none';
          run.verdicts[key] = (run.verdicts[key] ?? 0) + 1;
          const who = work.people[person.ref];
          const company = who ? companies.get(who.companyId) : undefined;
          if (who && company && isFindable(company, who)) {
            run.findable.people += 1;
            if (o.found_email === truth && (o.email_validity === 'safe' || o.email_validity === 'riskier')) {
              run.findable.found += 1;
            }
          }
          if (o.found_email === truth) run.found += 1;
          else if (o.email_validity === 'safe') {
            run.wrongSafe += 1;
            if (run.wrongSafeExamples.length < 5) {
              run.wrongSafeExamples.push(`${person.firstName} ${person.lastName}: ${o.found_email} (is ${truth})`);
            }
          }
        },
      });
    } finally {
      clearInterval(progress);
    }
    run.ms = performance.now() - started;
    run.connections = verifier.connections();
    return run;
  } finally {
    await mail.close();
  }
}
