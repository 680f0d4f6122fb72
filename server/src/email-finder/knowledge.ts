import type { Kysely } from 'kysely';
import {
  addExample,
  companyKey,
  type DomainPatterns,
  type DomainSource,
  emptyLearnedPattern,
  foldName,
  type KnownCompanyDomains,
  type LearnedPattern,
} from '../finder/index.ts';
import {
  companyDomainOf,
  domainPatternState,
  rememberCompanyDomains,
  updateDomainPatterns,
} from '../store/finder-knowledge-repo.ts';
import type { DB, KeyKind } from '../store/schema.ts';

/** What one confirmed find teaches: the domain's pattern, and (when a company name came with it) the company's domain. */
export interface Learning {
  domain: string;
  address: string;
  name: { firstName: string; lastName: string };
  companyName: string | null;
  domainSource: DomainSource | null;
}

/** Where learned knowledge is kept between runs (the database, or nothing for the CLI). */
export interface KnowledgeSource {
  pattern(domain: string): Promise<LearnedPattern | null>;
  companyDomain(companyKey: string): Promise<string | null>;
}

export const NO_KNOWLEDGE: KnowledgeSource = {
  pattern: async () => null,
  companyDomain: async () => null,
};

/**
 * The finder's stores for one run (a job, a single lookup, a CLI file): reads go to the source once
 * per domain or company, and every confirmed find is folded in at once, so the next person at the
 * same domain is searched with what this one taught. Persisting the same finds is the caller's
 * business (see persistLearnings), in the transaction that stores the results.
 */
export class FinderKnowledge implements DomainPatterns, KnownCompanyDomains {
  private readonly patterns = new Map<string, Promise<LearnedPattern | null>>();
  private readonly companies = new Map<string, Promise<string | null>>();
  /** Addresses confirmed in this run, with whose they are. */
  private readonly owners = new Map<string, string>();

  constructor(private readonly source: KnowledgeSource = NO_KNOWLEDGE) {}

  learned(domain: string): Promise<LearnedPattern | null> {
    let p = this.patterns.get(domain);
    if (!p) {
      p = this.source.pattern(domain);
      this.patterns.set(domain, p);
    }
    return p;
  }

  lookup(key: string): Promise<string | null> {
    let p = this.companies.get(key);
    if (!p) {
      p = this.source.companyDomain(key);
      this.companies.set(key, p);
    }
    return p;
  }

  /** Whether the address was confirmed in this run for someone of another name. */
  takenByOther(address: string, person: { firstName?: string | null; lastName?: string | null }): boolean {
    const owner = this.owners.get(address.toLowerCase());
    return owner !== undefined && owner !== ownerKey(person);
  }

  /** Folds a confirmed find into this run's knowledge. */
  learn(l: Learning): void {
    this.owners.set(l.address.toLowerCase(), ownerKey(l.name));
    const before = this.learned(l.domain);
    this.patterns.set(
      l.domain,
      before.then((p) => addExample(p ?? emptyLearnedPattern(), { name: l.name, address: l.address })),
    );
    const key = l.companyName && l.domainSource !== 'known' ? companyKey(l.companyName) : '';
    if (key) this.companies.set(key, Promise.resolve(l.domain));
  }
}

const ownerKey = (p: { firstName?: string | null; lastName?: string | null }) =>
  `${foldName(p.firstName ?? '', 'strip')}|${foldName(p.lastName ?? '', 'strip')}`;

/** The database as a knowledge source, for one world. */
export function storedKnowledge(db: Kysely<DB>, mode: KeyKind): KnowledgeSource {
  return {
    pattern: async (domain) => {
      const state = await domainPatternState(db, mode, domain);
      return state ? (JSON.parse(state) as LearnedPattern) : null;
    },
    companyDomain: async (key) => (await companyDomainOf(db, mode, key)) ?? null,
  };
}

/**
 * Stores what confirmed finds teach, in the caller's transaction: each domain's pattern state gains
 * the finds' addresses (read, folded and written under a row lock), and a company name that led to a
 * confirmed address (given with its domain, or guessed) is remembered with that domain.
 */
export async function persistLearnings(
  tx: Kysely<DB>,
  rowLocks: boolean,
  mode: KeyKind,
  learnings: readonly Learning[],
  now: number,
): Promise<void> {
  if (learnings.length === 0) return;
  const byDomain = new Map<string, Learning[]>();
  for (const l of learnings) byDomain.set(l.domain, [...(byDomain.get(l.domain) ?? []), l]);
  await updateDomainPatterns(
    tx,
    rowLocks,
    mode,
    [...byDomain.keys()],
    JSON.stringify(emptyLearnedPattern()),
    (domain, state) =>
      JSON.stringify(
        (byDomain.get(domain) ?? []).reduce(
          (p, l) => addExample(p, { name: l.name, address: l.address }),
          JSON.parse(state) as LearnedPattern,
        ),
      ),
    now,
  );
  const companies = learnings
    .map((l) => ({
      companyKey: l.companyName && l.domainSource !== 'known' ? companyKey(l.companyName) : '',
      domain: l.domain,
      source: 'finder',
    }))
    .filter((c) => c.companyKey !== '');
  await rememberCompanyDomains(tx, mode, companies, now);
}
