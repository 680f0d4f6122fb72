import type { Kysely } from 'kysely';
import type { DB, EmailFinderJobsTable, EmailFinderProspectsTable } from './schema.ts';

export type EmailFinderJobRow = EmailFinderJobsTable;
export type EmailFinderProspectRow = EmailFinderProspectsTable;

/** Rows per multi-row INSERT: 14 parameters each, far under both engines' parameter limits. */
const INSERT_BATCH = 500;

export const insertFinderJob = (db: Kysely<DB>, row: EmailFinderJobRow) =>
  db.insertInto('email_finder_jobs').values(row).execute();

export async function insertFinderProspects(db: Kysely<DB>, rows: EmailFinderProspectRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('email_finder_prospects')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

export const finderJobById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('email_finder_jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** The account's job, or undefined (another account's job is as unknown as a missing one). */
export const finderJobOf = (db: Kysely<DB>, accountId: string, id: string) =>
  db
    .selectFrom('email_finder_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** Newest first; ids are UUID v7, so they break ties in creation order. */
export const listFinderJobs = (db: Kysely<DB>, accountId: string, limit: number, offset: number) =>
  db
    .selectFrom('email_finder_jobs')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** The people still to search, in order. */
export const pendingFinderProspects = (db: Kysely<DB>, jobId: string) =>
  db
    .selectFrom('email_finder_prospects')
    .select(['position', 'first_name', 'last_name', 'company_name', 'company_domain'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .execute();

/** A page of the job's prospects in order, from `fromPosition` on. */
export const finderProspectsPage = (db: Kysely<DB>, jobId: string, fromPosition: number, limit: number) =>
  db
    .selectFrom('email_finder_prospects')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('position', '>=', fromPosition)
    .orderBy('position')
    .limit(limit)
    .execute();

export interface FinderProspectResult {
  position: number;
  status: 'complete' | 'failed';
  found_email: string | null;
  email_validity: string | null;
  error_message: string | null;
  reason: string;
  domain: string | null;
  rcpts: number;
}

/**
 * Writes finished prospects (only those still pending: a result written by an earlier attempt is
 * kept) and counts them into the job's progress. Returns the positions whose rows changed, so the
 * caller learns from each find exactly once.
 */
export async function saveFinderResults(
  db: Kysely<DB>,
  jobId: string,
  results: readonly FinderProspectResult[],
  now: number,
): Promise<Set<number>> {
  const changed = new Set<number>();
  for (const { position, ...fields } of results) {
    const u = await db
      .updateTable('email_finder_prospects')
      .set(fields)
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(u.numUpdatedRows) > 0) changed.add(position);
  }
  if (changed.size > 0) {
    await db
      .updateTable('email_finder_jobs')
      .set((eb) => ({ done_count: eb('done_count', '+', changed.size), updated_at: now }))
      .where('id', '=', jobId)
      .execute();
  }
  return changed;
}

export const updateFinderJob = (
  db: Kysely<DB>,
  id: string,
  patch: Partial<Omit<EmailFinderJobRow, 'id' | 'account_id'>>,
) => db.updateTable('email_finder_jobs').set(patch).where('id', '=', id).execute();

/** Marks every prospect still pending as failed with `message` (a job that could not finish); returns how many. */
export async function failPendingFinderProspects(db: Kysely<DB>, jobId: string, message: string): Promise<number> {
  const u = await db
    .updateTable('email_finder_prospects')
    .set({ status: 'failed', error_message: message })
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(u.numUpdatedRows);
}

/** Positions of the found addresses that cost a credit (safe or riskier), in order. */
export const chargeableFinds = (db: Kysely<DB>, jobId: string) =>
  db
    .selectFrom('email_finder_prospects')
    .select('position')
    .where('job_id', '=', jobId)
    .where('status', '=', 'complete')
    .where('email_validity', 'in', ['safe', 'riskier'])
    .orderBy('position')
    .execute();

/** Withholds found addresses the balance could not pay for (decisions.md: failed, `insufficient_credits`). */
export async function withholdFinds(db: Kysely<DB>, jobId: string, positions: readonly number[]): Promise<void> {
  for (let i = 0; i < positions.length; i += INSERT_BATCH) {
    await db
      .updateTable('email_finder_prospects')
      .set({ status: 'failed', found_email: null, email_validity: null, error_message: 'insufficient_credits' })
      .where('job_id', '=', jobId)
      .where('position', 'in', positions.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

/**
 * Takes the account's ledger lock in the caller's transaction before its balance is read and debited
 * (PostgreSQL: the account row `FOR UPDATE`; SQLite's writer already holds the database).
 */
export async function lockAccountLedger(db: Kysely<DB>, rowLocks: boolean, accountId: string): Promise<void> {
  if (rowLocks) await db.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}
