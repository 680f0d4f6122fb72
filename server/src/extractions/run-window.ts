/**
 * A recurring run's window. A run takes the leads new since the point its schedule has covered the
 * search up to, and moves that point to the time it reads the search: taken just before its first
 * page, so the window ends when the tool is asked, not when the run was fired, and consecutive runs
 * of a schedule neither overlap nor leave a gap, whichever order they start in. A run that fails
 * gives its window back (when no later run took the next one), so its leads come with the next run.
 */
import type { Kysely } from 'kysely';
import type { JobContext } from '../jobs/types.ts';
import { type ExtractionRow, updateExtraction } from '../store/extractions-repo.ts';
import { lowerCoveredUntil, moveCoveredUntil, scheduleById } from '../store/recurring-repo.ts';
import type { DB, KeyKind } from '../store/schema.ts';

/** The run's `since`: taken once (a resumed run keeps the window it took). */
export async function takeWindow(
  ctx: Pick<JobContext<unknown, unknown>, 'fenced'>,
  row: ExtractionRow,
  worldNow: (mode: KeyKind) => Promise<number>,
  db: Kysely<DB>,
): Promise<number> {
  if (row.window_from !== null && row.window_from !== undefined) return row.window_from;
  const scheduleId = row.schedule_id;
  if (!scheduleId) throw new TypeError('only a recurring run has a window');
  for (;;) {
    const schedule = await scheduleById(db, scheduleId);
    if (!schedule) throw new Error(`run ${row.id} has no schedule ${scheduleId}`);
    const from = schedule.covered_until;
    const to = Math.max(from, await worldNow(row.mode));
    const taken = await ctx.fenced(async (tx) => {
      if (!(await moveCoveredUntil(tx, scheduleId, from, to))) return false;
      await updateExtraction(tx, row.id, { window_from: from, window_to: to });
      return true;
    });
    if (taken) return from;
  }
}

/** A failed run's window goes back to its schedule. */
export async function giveWindowBack(tx: Kysely<DB>, row: ExtractionRow): Promise<void> {
  const { schedule_id, window_from } = row;
  if (!schedule_id || window_from === null || window_from === undefined) return;
  await lowerCoveredUntil(tx, schedule_id, window_from);
}
