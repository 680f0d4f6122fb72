import type { Kysely } from 'kysely';
import type { DB, KeyKind } from './schema.ts';

/** A domain's stored pattern state (JSON), or undefined when nothing was learned there. */
export async function domainPatternState(db: Kysely<DB>, mode: KeyKind, domain: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('finder_domain_patterns')
    .select('state')
    .where('mode', '=', mode)
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row?.state;
}

/**
 * Read-modify-write of domains' pattern states inside the caller's transaction: each row is made if
 * missing (with `initial`), locked (`FOR UPDATE` where the engine has row locks; SQLite's writer
 * already holds the database), folded with `update` and written back. Two processes learning at the
 * same domain at once therefore never lose each other's examples.
 */
export async function updateDomainPatterns(
  tx: Kysely<DB>,
  rowLocks: boolean,
  mode: KeyKind,
  domains: readonly string[],
  initial: string,
  update: (domain: string, state: string) => string,
  now: number,
): Promise<void> {
  for (const domain of [...new Set(domains)].sort()) {
    await tx
      .insertInto('finder_domain_patterns')
      .values({ mode, domain, state: initial, updated_at: now })
      .onConflict((oc) => oc.columns(['mode', 'domain']).doNothing())
      .execute();
    let query = tx
      .selectFrom('finder_domain_patterns')
      .select('state')
      .where('mode', '=', mode)
      .where('domain', '=', domain);
    if (rowLocks) query = query.forUpdate();
    const row = await query.executeTakeFirstOrThrow();
    await tx
      .updateTable('finder_domain_patterns')
      .set({ state: update(domain, row.state), updated_at: now })
      .where('mode', '=', mode)
      .where('domain', '=', domain)
      .execute();
  }
}

/** The mail domain learned for a company (by the finder's companyKey), if any. */
export async function companyDomainOf(db: Kysely<DB>, mode: KeyKind, companyKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('finder_company_domains')
    .select('domain')
    .where('mode', '=', mode)
    .where('company_key', '=', companyKey)
    .executeTakeFirst();
  return row?.domain;
}

export interface CompanyDomainEntry {
  companyKey: string;
  domain: string;
  /** Where it was learned: `finder` (an address confirmed there), `extraction` (a company record). */
  source: string;
}

/** Remembers companies' domains; the latest word about a company replaces an earlier one. */
export async function rememberCompanyDomains(
  db: Kysely<DB>,
  mode: KeyKind,
  entries: readonly CompanyDomainEntry[],
  now: number,
): Promise<void> {
  for (const e of entries) {
    const row = { mode, company_key: e.companyKey, domain: e.domain, source: e.source, updated_at: now };
    await db
      .insertInto('finder_company_domains')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['mode', 'company_key']).doUpdateSet({ domain: e.domain, source: e.source, updated_at: now }),
      )
      .execute();
  }
}
