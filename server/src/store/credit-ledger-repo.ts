import { type Kysely, sql } from 'kysely';
import { reusableQuery } from './reusable-query.ts';
import type { CreditEntriesTable, DB } from './schema.ts';

export type CreditEntry = CreditEntriesTable;

// LIMIT as a literal: SQLite plans `LIMIT ?` without its top-1 shortcut (2.5 times slower, measured).
const newestEntry = reusableQuery((db, accountId: string) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('seq', 'desc')
    .limit(sql.lit(1)),
);

/** The newest entry: its running totals are the account's balance. */
export const latestEntry = async (db: Kysely<DB>, accountId: string) => (await newestEntry(db, accountId))[0];

export const entryByKey = (db: Kysely<DB>, accountId: string, idempotencyKey: string) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();

export const entryById = (db: Kysely<DB>, accountId: string, id: string) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The commit or release that settled a hold, if any. */
export const settlementOf = (db: Kysely<DB>, accountId: string, holdId: string) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('hold_id', '=', holdId)
    .executeTakeFirst();

export const insertEntry = (db: Kysely<DB>, row: CreditEntry) => db.insertInto('credit_entries').values(row).execute();

export const listEntries = (db: Kysely<DB>, accountId: string, limit: number) =>
  db
    .selectFrom('credit_entries')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();

/** Recomputes the balance from every entry: the check that the running totals are right. */
export async function recomputeBalance(
  db: Kysely<DB>,
  accountId: string,
): Promise<{ available: number; held: number }> {
  const rows = await db
    .selectFrom('credit_entries')
    .select(['id', 'kind', 'amount', 'hold_id'])
    .where('account_id', '=', accountId)
    .orderBy('seq')
    .execute();
  const holds = new Map<string, number>();
  let available = 0;
  let held = 0;
  for (const r of rows) {
    if (r.kind === 'grant') available += r.amount;
    else if (r.kind === 'debit') available -= r.amount;
    else if (r.kind === 'hold') {
      holds.set(r.id, r.amount);
      available -= r.amount;
      held += r.amount;
    } else {
      const h = holds.get(r.hold_id ?? '') ?? 0;
      held -= h;
      available += r.kind === 'release' ? h : h - r.amount;
    }
  }
  return { available, held };
}
