/**
 * Searching many people at once, as a bulk job, the CLI's file mode and the bench do (and a single
 * lookup, as a list of one). People are grouped by company (the given domain, else the company
 * name): a company's first people are searched two at a time until its domain's pattern is known
 * from their confirmed addresses (or the domain is seen to accept everything), then the rest together,
 * their candidates pooled into shared verifyEmails calls. Companies are searched side by side.
 */
import type { Verifier } from '../app/worlds.ts';
import {
  candidatesFor,
  companyKey,
  domainFromWebsite,
  dominantPattern,
  type FinderOptions,
  type FinderResult,
  findEmail,
  foldName,
} from '../finder/index.ts';
import type { KeyKind } from '../store/schema.ts';
import { isFreeProvider } from '../verify/index.ts';
import type { FinderKnowledge, Learning } from './knowledge.ts';
import { dnsDomainChecker, PooledVerifier, verifierCall } from './world-ports.ts';

export interface PersonToFind {
  /** The caller's reference (a position in a job, a row of a file). */
  readonly ref: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string | null;
  readonly companyDomain: string | null;
}

export interface SearchInfo {
  /** What a confirmed find teaches (to be stored with the result); null otherwise. */
  readonly learning: Learning | null;
  /** The company's domain pattern was known (learned from ≥2 addresses) when this search started. */
  readonly patternKnown: boolean;
}

export interface FindRun {
  readonly verifier: Verifier;
  readonly mode: KeyKind;
  readonly knowledge: FinderKnowledge;
  /** Called once per person as their search ends, and awaited. */
  onResult(person: PersonToFind, outcome: FinderResult | Error, info: SearchInfo): void | Promise<void>;
  readonly signal?: AbortSignal;
  /** When the run stops asking servers (epoch ms on the verifier's clock): what is unconfirmed then is suspect. */
  readonly deadline?: number | null;
  /** Companies searched at once (default 32). */
  readonly companies?: number;
}

/** People of one company searched at once before its pattern is known, and after. */
const WARM_UP = 2;
const OPEN = 25;
/** After this many people without a learned pattern, the company is searched at full width anyway. */
const WARM_UP_LIMIT = 6;

const folded = (name: string) => foldName(name, 'strip');

/**
 * Whether another person of the group, of another name but sharing a first or last name, would be
 * given the same address by the patterns (john@ for John Smith and John Brown; jsmith@ for John and
 * Jane Smith).
 */
function sharedByNamesake(person: PersonToFind, email: string, group: Namesakes): boolean {
  const local = email.slice(0, email.lastIndexOf('@')).toLowerCase();
  const first = folded(person.firstName);
  const last = folded(person.lastName);
  const others = [...(group.byFirst.get(first) ?? []), ...(group.byLast.get(last) ?? [])];
  return others.some((o) => {
    if (o === person) return false;
    // Another prospect of the very same name: the same person listed twice, or a second one; nothing tells.
    if (folded(o.firstName) === first && folded(o.lastName) === last) return true;
    let locals = group.locals.get(o);
    if (!locals) {
      const made = candidatesFor({ firstName: o.firstName, lastName: o.lastName }, null, { max: 24 });
      locals = new Set(made.map((c) => c.local));
      group.locals.set(o, locals);
    }
    return locals.has(local);
  });
}

/** A company's people by first and last name, and each one's likely local parts once asked. */
interface Namesakes {
  byFirst: Map<string, PersonToFind[]>;
  byLast: Map<string, PersonToFind[]>;
  locals: Map<PersonToFind, Set<string>>;
}

function namesakes(group: readonly PersonToFind[]): Namesakes {
  const byFirst = new Map<string, PersonToFind[]>();
  const byLast = new Map<string, PersonToFind[]>();
  for (const p of group) {
    for (const [map, key] of [
      [byFirst, folded(p.firstName)],
      [byLast, folded(p.lastName)],
    ] as const) {
      const list = map.get(key);
      if (list) list.push(p);
      else map.set(key, [p]);
    }
  }
  return { byFirst, byLast, locals: new Map() };
}

/** The engine's options for a world: the sandbox's companies live under its reserved TLD. */
export const finderOptions = (mode: KeyKind): FinderOptions => ({
  batchSize: 5,
  learnedBatchSize: 1,
  maxCandidates: 12,
  ...(mode === 'test' ? { extraTlds: ['test'] } : {}),
});

export async function findPeople(people: readonly PersonToFind[], run: FindRun): Promise<void> {
  const domains = dnsDomainChecker(run.verifier.ports.resolver);
  const call = verifierCall(run.verifier, run.deadline ?? null, run.signal);
  const catchAll = new Set<string>();
  const options = finderOptions(run.mode);
  /** Addresses confirmed in this run, with whose they are (namesakes are told apart by who they are, not by name). */
  const confirmedFor = new Map<string, PersonToFind>();
  const sameName = (a: PersonToFind, b: PersonToFind) =>
    folded(a.firstName) === folded(b.firstName) && folded(a.lastName) === folded(b.lastName);

  const groups = new Map<string, PersonToFind[]>();
  for (const p of people) {
    const domain = p.companyDomain ? domainFromWebsite(p.companyDomain) : null;
    const key = domain ? `d:${domain}` : `c:${companyKey(p.companyName ?? '')}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }

  const searchGroup = async (group: PersonToFind[]) => {
    const pool = new PooledVerifier(call, catchAll);
    const names = namesakes(group);
    const ports = (person: PersonToFind) => ({
      verifier: pool,
      domains,
      knownDomains: run.knowledge,
      patterns: run.knowledge,
      isFreeProvider,
      takenByOther: (address: string) => run.knowledge.takenByOther(address, person),
      takenByNamesake: (address: string) => {
        const owner = confirmedFor.get(address.toLowerCase());
        return owner !== undefined && owner !== person && sameName(owner, person);
      },
    });
    let done = 0;
    let domain: string | null = null;
    const width = async () => {
      if (done >= WARM_UP_LIMIT || (domain && catchAll.has(domain))) return OPEN;
      return domain && dominantPattern(await run.knowledge.learned(domain)) ? OPEN : WARM_UP;
    };
    const one = async (person: PersonToFind) => {
      const patternKnown = domain !== null && dominantPattern(await run.knowledge.learned(domain)) !== null;
      let outcome: FinderResult | Error;
      try {
        outcome = await pool.participate(() =>
          findEmail(
            {
              firstName: person.firstName,
              lastName: person.lastName,
              domain: person.companyDomain,
              company: { name: person.companyName },
            },
            ports(person),
            options,
          ),
        );
      } catch (err) {
        if (run.signal?.aborted) throw run.signal.reason;
        outcome = err instanceof Error ? err : new Error(String(err));
      }
      let learning: Learning | null = null;
      if (
        !(outcome instanceof Error) &&
        outcome.verdict === 'safe' &&
        outcome.email &&
        sharedByNamesake(person, outcome.email, names)
      ) {
        // The server's yes proves the mailbox, not whose it is: another person here could own it too.
        outcome = { ...outcome, verdict: 'riskier' };
      }
      if (!(outcome instanceof Error)) {
        domain ??= outcome.domain;
        if (outcome.reason === 'confirmed' && outcome.email && outcome.domain) {
          learning = {
            domain: outcome.domain,
            address: outcome.email,
            name: { firstName: person.firstName, lastName: person.lastName },
            companyName: person.companyName,
            domainSource: outcome.domainSource,
          };
          run.knowledge.learn(learning);
          confirmedFor.set(outcome.email.toLowerCase(), person);
        }
      }
      done += 1;
      await run.onResult(person, outcome, { learning, patternKnown });
    };
    // A pool of searches whose width grows once the company's pattern is known. Namesakes (a shared
    // first or last name) are searched one after the other, in the order given: the first John takes
    // john@, and the next one is then asked about john2@ instead of being handed the first one's.
    const running = new Set<Promise<void>>();
    const busyNames = new Map<string, number>();
    const namesOf = (p: PersonToFind) => [
      `f:${p.firstName.trim().toLowerCase()}`,
      `l:${p.lastName.trim().toLowerCase()}`,
    ];
    const waiting = [...group];
    let failure: unknown = null;
    while (waiting.length > 0 || running.size > 0) {
      if (failure === null && run.signal?.aborted) failure = run.signal.reason;
      const w = failure === null ? await width() : 0;
      const earlier = new Set<string>(); // names of people left waiting in this pass
      for (let i = 0; i < waiting.length && running.size < w; ) {
        const person = waiting[i] as PersonToFind;
        const names = namesOf(person);
        // A person waits behind any earlier namesake, running or still waiting.
        if (names.some((n) => (busyNames.get(n) ?? 0) > 0 || earlier.has(n))) {
          for (const n of names) earlier.add(n);
          i += 1;
          continue;
        }
        waiting.splice(i, 1);
        for (const n of names) busyNames.set(n, (busyNames.get(n) ?? 0) + 1);
        const p: Promise<void> = one(person)
          .catch((err: unknown) => {
            failure ??= err;
          })
          .finally(() => {
            running.delete(p);
            for (const n of names) busyNames.set(n, (busyNames.get(n) ?? 1) - 1);
          });
        running.add(p);
      }
      if (running.size === 0) break;
      await Promise.race(running);
    }
    if (failure !== null) throw failure;
  };

  const queue = [...groups.values()];
  const lanes = Math.max(1, run.companies ?? 32);
  await Promise.all(
    Array.from({ length: Math.min(lanes, queue.length) }, async () => {
      for (let g = queue.shift(); g; g = queue.shift()) await searchGroup(g);
    }),
  );
}
