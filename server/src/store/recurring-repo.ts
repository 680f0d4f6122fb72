/** Recurring exports (schedules) and the runs they made. */
import type { Kysely } from 'kysely';
import type { DB, KeyKind, RecurringExportsTable } from './schema.ts';

export type ScheduleRow = RecurringExportsTable;
export type SchedulePatch = Partial<Omit<ScheduleRow, 'id' | 'account_id' | 'mode' | 'created_at'>>;

export const insertSchedule = (db: Kysely<DB>, row: ScheduleRow) =>
  db.insertInto('recurring_exports').values(row).execute();

/** A schedule that can still run (active or paused); another account's is not found, as a missing one. */
export const liveScheduleOf = (db: Kysely<DB>, accountId: string, id: string) =>
  db
    .selectFrom('recurring_exports')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('status', '<>', 'stopped')
    .executeTakeFirst();

/** The account's live schedule of a search: by one of its keys, or by the saved search it runs. */
export const liveScheduleOfSearch = (
  db: Kysely<DB>,
  accountId: string,
  search: { keys: string[]; savedSearchId?: string },
) =>
  db
    .selectFrom('recurring_exports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '<>', 'stopped')
    .where((eb) => {
      const byKey = eb('search_key', 'in', search.keys);
      return search.savedSearchId === undefined
        ? byKey
        : eb.or([byKey, eb('saved_search_id', '=', search.savedSearchId)]);
    })
    .orderBy('created_at')
    .executeTakeFirst();

/** Schedules that can still run, soonest next run first. */
export const liveSchedules = (db: Kysely<DB>, accountId: string) =>
  db
    .selectFrom('recurring_exports')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '<>', 'stopped')
    .orderBy('next_run_at')
    .orderBy('id')
    .execute();

export const updateSchedule = (db: Kysely<DB>, id: string, patch: SchedulePatch) =>
  db.updateTable('recurring_exports').set(patch).where('id', '=', id).execute();

/** Schedules of a world whose next run has come (paused ones too: their dates move on unrun). */
export const dueSchedules = (db: Kysely<DB>, mode: KeyKind, now: number, limit: number) =>
  db
    .selectFrom('recurring_exports')
    .selectAll()
    .where('mode', '=', mode)
    .where('status', '<>', 'stopped')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(limit)
    .execute();

/**
 * Claims one due run: moves the next date on only if nobody did since the schedule was read. The
 * one conditional update that makes a run fire once however many schedulers tick at the same time.
 */
export async function claimDueRun(
  db: Kysely<DB>,
  seen: Pick<ScheduleRow, 'id' | 'next_run_at' | 'status'>,
  patch: SchedulePatch,
): Promise<boolean> {
  const result = await db
    .updateTable('recurring_exports')
    .set(patch)
    .where('id', '=', seen.id)
    .where('next_run_at', '=', seen.next_run_at)
    .where('status', '=', seen.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves `covered_until` from one point to another only if it still is at the first: a run taking its window. */
export async function moveCoveredUntil(db: Kysely<DB>, id: string, from: number, to: number): Promise<boolean> {
  const result = await db
    .updateTable('recurring_exports')
    .set({ covered_until: to })
    .where('id', '=', id)
    .where('covered_until', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves `covered_until` back to `to` if it is past it: a failed run giving its window back. */
export const lowerCoveredUntil = (db: Kysely<DB>, id: string, to: number) =>
  db
    .updateTable('recurring_exports')
    .set({ covered_until: to })
    .where('id', '=', id)
    .where('covered_until', '>', to)
    .execute();

export const scheduleById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('recurring_exports').selectAll().where('id', '=', id).executeTakeFirst();

/** The runs of schedules, newest first (run ids are UUIDv7: they sort by creation). */
export async function runIdsOf(db: Kysely<DB>, scheduleIds: string[]): Promise<Map<string, string[]>> {
  const runs = new Map<string, string[]>(scheduleIds.map((id) => [id, []]));
  if (scheduleIds.length === 0) return runs;
  const rows = await db
    .selectFrom('extractions')
    .select(['id', 'schedule_id'])
    .where('schedule_id', 'in', scheduleIds)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) if (row.schedule_id) runs.get(row.schedule_id)?.push(row.id);
  return runs;
}
