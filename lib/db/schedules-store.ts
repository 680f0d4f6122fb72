/** The schedules (recurring exports) as the service last listed them, so the popup opens with them at once. */
import type { ScheduleView } from '../recurring/schedule-view.ts';
import type { LeadforgeDb } from './database.ts';
import { type ScheduleRow, ScheduleRowSchema } from './schedule-rows.ts';

/** Every schedule, soonest next run first (the service's own order); a row that no longer parses is skipped. */
export async function readScheduleRows(db: LeadforgeDb): Promise<ScheduleRow[]> {
  const rows = await db.schedules.orderBy('nextRunAt').toArray();
  return rows.flatMap((row) => {
    const parsed = ScheduleRowSchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function readSchedules(db: LeadforgeDb): Promise<ScheduleView[]> {
  return (await readScheduleRows(db)).map(toScheduleView);
}

export function toScheduleView(row: ScheduleRow): ScheduleView {
  const { adoptedRunIds: _a, updatedAt: _u, ...view } = row;
  return view;
}

/** The service's whole list: schedules it no longer lists (stopped elsewhere) are dropped. */
export async function replaceSchedules(db: LeadforgeDb, schedules: ScheduleView[], now: number): Promise<void> {
  await db.transaction('rw', db.schedules, async () => {
    const before = new Map((await readScheduleRows(db)).map((row) => [row.id, row]));
    await db.schedules.clear();
    await db.schedules.bulkPut(schedules.map((view) => merged(view, before.get(view.id), now)));
  });
}

/** One schedule as the service just answered for it (created, paused, resumed, renamed). */
export async function putSchedule(db: LeadforgeDb, schedule: ScheduleView, now: number): Promise<void> {
  await db.transaction('rw', db.schedules, async () => {
    const parsed = ScheduleRowSchema.safeParse(await db.schedules.get(schedule.id));
    await db.schedules.put(merged(schedule, parsed.success ? parsed.data : undefined, now));
  });
}

export async function deleteSchedule(db: LeadforgeDb, scheduleId: string): Promise<void> {
  await db.schedules.delete(scheduleId);
}

/** Notes runs as added to the jobs; only ids the schedule still lists are kept, so the list stays short. */
export async function markRunsAdopted(db: LeadforgeDb, scheduleId: string, runIds: string[]): Promise<void> {
  await db.transaction('rw', db.schedules, async () => {
    const parsed = ScheduleRowSchema.safeParse(await db.schedules.get(scheduleId));
    if (!parsed.success) return;
    const adopted = new Set([...parsed.data.adoptedRunIds, ...runIds]);
    await db.schedules.put({ ...parsed.data, adoptedRunIds: parsed.data.runIds.filter((id) => adopted.has(id)) });
  });
}

function merged(view: ScheduleView, before: ScheduleRow | undefined, now: number): ScheduleRow {
  const listed = new Set(view.runIds);
  const adoptedRunIds = (before?.adoptedRunIds ?? []).filter((id) => listed.has(id));
  return { ...view, adoptedRunIds, updatedAt: now };
}
