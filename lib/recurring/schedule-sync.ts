/**
 * The background's side of recurring exports: keeps the schedules in IndexedDB as the service
 * lists them, makes, changes and stops them, and sets an alarm for the soonest run, so the jobs
 * refresh it triggers finds the run and follows it even when the popup is never opened.
 */
import type { ApiClient } from '../api/client.ts';
import type { ApiFailure } from '../api/failure.ts';
import type { Clock } from '../clock.ts';
import { formatExtractionTime } from '../contract/time.ts';
import type { LeadforgeDb } from '../db/database.ts';
import { JobRowSchema } from '../db/job-rows.ts';
import { writeJobRows } from '../db/jobs-store.ts';
import type { ScheduleRow } from '../db/schedule-rows.ts';
import { deleteSchedule, putSchedule, readScheduleRows, replaceSchedules } from '../db/schedules-store.ts';
import { templateRow } from '../jobs/job-from-api.ts';
import { jobKey } from '../jobs/job-view.ts';
import type { Problem } from '../problem.ts';
import { describeScheduleChangeFailure, describeScheduleFailure, isGone } from './schedule-failure.ts';
import { type RepeatFrequency, type ScheduleView, scheduleFromApi } from './schedule-view.ts';

export const SCHEDULES_ALARM = 'schedules-due';
/** The service starts a run on its next scheduler tick after the time: look a minute later. */
const AFTER_RUN_MS = 60_000;
/**
 * A schedule whose time has passed without a run (a service whose clock is behind, or down) is
 * looked at again this much later, rather than in a loop of alarms that fire at once.
 */
const OVERDUE_RETRY_MS = 15 * 60_000;

export interface ScheduleSyncDeps {
  db: LeadforgeDb;
  clock: Clock;
  alarms: { schedule(name: string, when: number): Promise<void>; clear(name: string): Promise<void> };
}

/** One change at a time, as the popup's controls make them (lib/messages.ts, update-schedule). */
export type ScheduleChange = { paused: boolean } | { name: string } | { frequency: RepeatFrequency };

export type Scheduled = { ok: true; schedule: ScheduleView; created: boolean } | { ok: false; problem: Problem };
export type Changed = { ok: true } | { ok: false; problem: Problem };

export type ScheduleSync = ReturnType<typeof createScheduleSync>;

export function createScheduleSync(deps: ScheduleSyncDeps) {
  const { db, clock } = deps;

  /** One alarm for the soonest active schedule's run; none when nothing is due to run. */
  async function planAlarm(): Promise<void> {
    const times = (await readScheduleRows(db)).filter((row) => !row.paused).map((row) => row.nextRunAt);
    if (times.length === 0) return deps.alarms.clear(SCHEDULES_ALARM);
    const after = Math.min(...times) + AFTER_RUN_MS;
    const now = clock.now();
    await deps.alarms.schedule(SCHEDULES_ALARM, after > now ? after : now + OVERDUE_RETRY_MS);
  }

  /**
   * The schedule's template extraction, recorded hidden at once: the job refresh would otherwise
   * show it as a job that never starts, or, once the schedule is stopped, as one that failed.
   */
  async function rememberTemplate(schedule: ScheduleView): Promise<void> {
    const id = schedule.templateExtractionId;
    const known = JobRowSchema.safeParse(await db.jobs.get(jobKey('extraction', id)));
    const item = {
      search_id: id,
      search_name: schedule.name,
      status: 'SCHEDULED',
      extraction_type: 'SEARCH',
      total_prospects: 0,
      search_date_created: formatExtractionTime(new Date(schedule.createdAt)),
    } as const;
    await writeJobRows(db, [templateRow(item, known.success ? known.data : undefined, clock.now())]);
  }

  return {
    /** The service's list into IndexedDB; a failure leaves the cached list as it was. */
    async sync(client: ApiClient): Promise<{ ok: true; rows: ScheduleRow[] } | { ok: false; failure: ApiFailure }> {
      const listed = await client.listSchedules();
      if (!listed.ok) return listed;
      await replaceSchedules(db, listed.data.map(scheduleFromApi), clock.now());
      await planAlarm();
      return { ok: true, rows: await readScheduleRows(db) };
    },

    /** Repeats an extraction's search. The service never schedules one search twice: created says which. */
    async create(client: ApiClient, extractionId: string, frequency: RepeatFrequency): Promise<Scheduled> {
      const made = await client.createSchedule({ extraction_id: extractionId, frequency });
      if (!made.ok) return { ok: false, problem: describeScheduleFailure(made.failure, client.baseUrl) };
      const { created, ...record } = made.data;
      const schedule = scheduleFromApi(record);
      await putSchedule(db, schedule, clock.now());
      await rememberTemplate(schedule);
      await planAlarm();
      return { ok: true, schedule, created };
    },

    /**
     * Pauses, resumes, renames or changes how often it runs (the service then counts the next run
     * from now, and answers with it). A schedule the service no longer has is dropped from the list.
     */
    async update(client: ApiClient, scheduleId: string, change: ScheduleChange): Promise<Changed> {
      const updated = await client.updateSchedule(scheduleId, change);
      if (updated.ok) await putSchedule(db, scheduleFromApi(updated.data), clock.now());
      else if (isGone(updated.failure)) await deleteSchedule(db, scheduleId);
      await planAlarm();
      return updated.ok
        ? { ok: true }
        : { ok: false, problem: describeScheduleChangeFailure(updated.failure, client.baseUrl, change) };
    },

    /** Stops it for good. Already gone (a repeat after a lost answer, or stopped elsewhere) is stopped too. */
    async stop(client: ApiClient, scheduleId: string): Promise<Changed> {
      const stopped = await client.stopSchedule(scheduleId);
      if (!stopped.ok && !isGone(stopped.failure)) {
        return { ok: false, problem: describeScheduleChangeFailure(stopped.failure, client.baseUrl) };
      }
      await deleteSchedule(db, scheduleId);
      await planAlarm();
      return { ok: true };
    },
  };
}
