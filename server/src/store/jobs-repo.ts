import { type Kysely, sql } from 'kysely';
import type { Capabilities } from './capabilities.ts';
import type { DB, JobsTable } from './schema.ts';

export type JobRow = JobsTable;

/** Inserts a job; with a dedupe key already used, inserts nothing and returns the existing job's id. */
export async function insertJob(db: Kysely<DB>, row: JobRow): Promise<string> {
  if (row.dedupe_key === null) {
    await db.insertInto('jobs').values(row).execute();
    return row.id;
  }
  await db
    .insertInto('jobs')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  const existing = await db
    .selectFrom('jobs')
    .select('id')
    .where('dedupe_key', '=', row.dedupe_key)
    .executeTakeFirstOrThrow();
  return existing.id;
}

export interface ClaimRequest {
  kinds: string[];
  limit: number;
  owner: string;
  now: number;
  leaseMs: number;
}

/**
 * Claims up to `limit` jobs of these kinds: due queued jobs, and running jobs whose lease expired
 * (their worker died). Each claim counts an attempt. On PostgreSQL the candidate rows are locked
 * `FOR UPDATE SKIP LOCKED`, so workers never wait on or take each other's jobs; on SQLite the caller
 * holds the database's write lock.
 */
export async function claimJobs(db: Kysely<DB>, caps: Capabilities, req: ClaimRequest): Promise<JobRow[]> {
  if (req.kinds.length === 0 || req.limit <= 0) return [];
  let candidates = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', 'in', req.kinds)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', req.now)]),
        eb.and([
          eb('state', '=', 'running'),
          eb('lease_expires_at', '<', req.now),
          eb('attempts', '<', eb.ref('max_attempts')),
        ]),
      ]),
    )
    .orderBy('run_at')
    .limit(req.limit);
  if (caps.skipLocked) candidates = candidates.forUpdate().skipLocked();
  return db
    .updateTable('jobs')
    .set({
      state: 'running',
      lease_owner: req.owner,
      lease_expires_at: req.now + req.leaseMs,
      attempts: sql`attempts + 1`,
      updated_at: req.now,
    })
    .where('id', 'in', candidates)
    .returningAll()
    .execute();
}

/** Fenced updates: each applies only while `owner` still holds the job's lease. */
const owned = (db: Kysely<DB>, id: string, owner: string) =>
  db.updateTable('jobs').where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running');

export async function renewLease(
  db: Kysely<DB>,
  id: string,
  owner: string,
  until: number,
  now: number,
): Promise<boolean> {
  const r = await owned(db, id, owner).set({ lease_expires_at: until, updated_at: now }).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function saveCheckpoint(
  db: Kysely<DB>,
  id: string,
  owner: string,
  checkpoint: string,
  leaseUntil: number,
  now: number,
): Promise<boolean> {
  const r = await owned(db, id, owner)
    .set({ checkpoint, lease_expires_at: leaseUntil, updated_at: now })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function completeJob(db: Kysely<DB>, id: string, owner: string, now: number): Promise<boolean> {
  const r = await owned(db, id, owner)
    .set({
      state: 'done',
      lease_owner: null,
      lease_expires_at: null,
      finished_at: now,
      updated_at: now,
      last_error: null,
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Back to the queue for another attempt at `runAt`, keeping the error. */
export async function retryJob(db: Kysely<DB>, id: string, owner: string, runAt: number, error: string, now: number) {
  const r = await owned(db, id, owner)
    .set({
      state: 'queued',
      run_at: runAt,
      lease_owner: null,
      lease_expires_at: null,
      last_error: error,
      updated_at: now,
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const failed = (error: string, now: number) =>
  ({
    state: 'failed',
    lease_owner: null,
    lease_expires_at: null,
    last_error: error,
    finished_at: now,
    updated_at: now,
  }) as const;

export async function failJob(db: Kysely<DB>, id: string, owner: string, error: string, now: number): Promise<boolean> {
  const r = await owned(db, id, owner).set(failed(error, now)).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Running jobs of these kinds whose lease expired during their last attempt: nothing will claim them again. */
export const exhaustedExpiredJobs = (db: Kysely<DB>, kinds: string[], now: number, limit: number) =>
  db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', now)
    .whereRef('attempts', '>=', 'max_attempts')
    .where('kind', 'in', kinds)
    .limit(limit)
    .execute();

/** Marks such a job failed, unless someone changed it meanwhile; true when this call did it. */
export async function failExpiredJob(db: Kysely<DB>, id: string, error: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('jobs')
    .set(failed(error, now))
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Inside a transaction: whether `owner` holds the job's lease, locking the row where rows lock. */
export async function holdsLease(tx: Kysely<DB>, caps: Capabilities, id: string, owner: string): Promise<boolean> {
  let q = tx.selectFrom('jobs').select('lease_owner').where('id', '=', id).where('state', '=', 'running');
  if (caps.rowLocks) q = q.forUpdate();
  return (await q.executeTakeFirst())?.lease_owner === owner;
}

/** Gives a job back untouched (shutdown): the attempt it was charged is returned. */
export async function releaseJob(db: Kysely<DB>, id: string, owner: string, now: number): Promise<boolean> {
  const r = await owned(db, id, owner)
    .set({
      state: 'queued',
      run_at: now,
      lease_owner: null,
      lease_expires_at: null,
      attempts: sql`attempts - 1`,
      updated_at: now,
    })
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export const jobById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
