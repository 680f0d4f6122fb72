import type { Kysely } from 'kysely';
import type { DB, EmailValidationJobsTable, EmailValidationProspectsTable } from './schema.ts';

export type EmailValidationJobRow = EmailValidationJobsTable;
export type EmailValidationProspectRow = EmailValidationProspectsTable;

/** Rows per multi-row INSERT: 7 parameters each, far under both engines' parameter limits. */
const INSERT_BATCH = 1000;

export const insertValidationJob = (db: Kysely<DB>, row: EmailValidationJobRow) =>
  db.insertInto('email_validation_jobs').values(row).execute();

export async function insertValidationProspects(db: Kysely<DB>, rows: EmailValidationProspectRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insertInto('email_validation_prospects')
      .values(rows.slice(i, i + INSERT_BATCH))
      .execute();
  }
}

export const validationJobById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('email_validation_jobs').selectAll().where('id', '=', id).executeTakeFirst();

/** The account's job, or undefined (another account's job is as unknown as a missing one). */
export const validationJobOf = (db: Kysely<DB>, accountId: string, id: string) =>
  db
    .selectFrom('email_validation_jobs')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** Newest first; ids are UUID v7, so they break ties in creation order. */
export const listValidationJobs = (db: Kysely<DB>, accountId: string, limit: number, offset: number) =>
  db
    .selectFrom('email_validation_jobs')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/** The addresses still to verify, in order. */
export const pendingProspects = (db: Kysely<DB>, jobId: string) =>
  db
    .selectFrom('email_validation_prospects')
    .select(['position', 'email'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .execute();

/** A page of the job's prospects in order, from `fromPosition` on. */
export const prospectsPage = (db: Kysely<DB>, jobId: string, fromPosition: number, limit: number) =>
  db
    .selectFrom('email_validation_prospects')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('position', '>=', fromPosition)
    .orderBy('position')
    .limit(limit)
    .execute();

export interface ProspectResult {
  position: number;
  status: 'complete' | 'failed';
  email_validity: string | null;
  error_message: string | null;
  details: string | null;
}

/**
 * Writes finished prospects (only those still pending: a result written by an earlier attempt is
 * kept) and counts them into the job's progress. Returns how many rows changed.
 */
export async function saveProspectResults(
  db: Kysely<DB>,
  jobId: string,
  results: readonly ProspectResult[],
  now: number,
): Promise<number> {
  let changed = 0;
  for (const r of results) {
    const u = await db
      .updateTable('email_validation_prospects')
      .set({ status: r.status, email_validity: r.email_validity, error_message: r.error_message, details: r.details })
      .where('job_id', '=', jobId)
      .where('position', '=', r.position)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    changed += Number(u.numUpdatedRows);
  }
  if (changed > 0) {
    await db
      .updateTable('email_validation_jobs')
      .set((eb) => ({ done_count: eb('done_count', '+', changed), updated_at: now }))
      .where('id', '=', jobId)
      .execute();
  }
  return changed;
}

export const updateValidationJob = (
  db: Kysely<DB>,
  id: string,
  patch: Partial<Omit<EmailValidationJobRow, 'id' | 'account_id'>>,
) => db.updateTable('email_validation_jobs').set(patch).where('id', '=', id).execute();

/** Marks every prospect still pending as failed with `message` (a job that could not finish); returns how many. */
export async function failPendingProspects(db: Kysely<DB>, jobId: string, message: string): Promise<number> {
  const u = await db
    .updateTable('email_validation_prospects')
    .set({ status: 'failed', error_message: message })
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(u.numUpdatedRows);
}
