/**
 * Keeps the jobs in IndexedDB up to date with the service: extractions (with their progress, and
 * their records once finished), email finder and validation jobs, and the schedules with the runs
 * they made. Refreshed by the popup while it is open, by an alarm while any job is active (cleared
 * when none is), and by the schedules' alarm when a run is due. A job that finishes, fails or
 * pauses is announced once with a notification.
 */
import type { ApiAccess, ApiClient } from '../api/client.ts';
import { describeFailure } from '../api/describe-failure.ts';
import type { ApiResult } from '../api/failure.ts';
import type { Clock } from '../clock.ts';
import type { ExtractionDetailOut, ExtractionInProgressOut, ExtractionListItemOut } from '../contract/extractions.ts';
import type { LeadforgeDb } from '../db/database.ts';
import type { JobRow } from '../db/job-rows.ts';
import { readJobRows, readJobs, writeJobRows } from '../db/jobs-store.ts';
import type { ScheduleRow } from '../db/schedule-rows.ts';
import { markRunsAdopted, readScheduleRows } from '../db/schedules-store.ts';
import { oneAtATime } from '../one-at-a-time.ts';
import type { Problem } from '../problem.ts';
import type { ScheduleSync } from '../recurring/schedule-sync.ts';
import { cacheRecords } from './cache-records.ts';
import { extractionRow, finderRow, settledExtraction, templateRow, validationRow } from './job-from-api.ts';
import { ACTIVE_STATES, type JobView, jobKey } from './job-view.ts';
import { announce, type JobNotification, told } from './notification.ts';
import { followedRuns, labelRun, listItemFromDetail, runsToFetch } from './schedule-runs.ts';

export const JOBS_ALARM = 'jobs-refresh';
/** Chrome runs alarms at most every 30 s in packed extensions; the open popup polls faster itself. */
export const JOBS_POLL_MINUTES = 0.5;
/** Jobs the background looks at per kind: the newest, as the list endpoints give them. */
const LIST_LIMIT = 25;

export interface JobSyncDeps {
  db: LeadforgeDb;
  clock: Clock;
  openApi(): Promise<ApiAccess>;
  notify(notification: JobNotification): Promise<void>;
  /** A repeating alarm, created only when it does not exist yet (re-creating would postpone it). */
  alarms: { repeat(name: string, periodMinutes: number): Promise<void>; clear(name: string): Promise<void> };
  /** An extraction stopped because its seat's session died: fetch the quota, whose seats say so. */
  onSeatExpired(): Promise<void>;
  /** The schedules, refreshed with the jobs: their runs are jobs too. */
  schedules: Pick<ScheduleSync, 'sync'>;
}

type Detail = ApiResult<ExtractionDetailOut | ExtractionInProgressOut>;

export interface JobsResult {
  jobs: JobView[];
  problem: Problem | null;
}

export type JobSync = ReturnType<typeof createJobSync>;

export function createJobSync(deps: JobSyncDeps) {
  const { db, clock } = deps;
  // One refresh at a time in this worker's life: two at once would both announce the same news.
  const exclusive = oneAtATime();

  async function keepPolling(rows: JobRow[]): Promise<void> {
    // A schedule's template waits in SCHEDULED as long as the schedule lives: the schedules' own alarm covers it.
    if (rows.some((row) => !row.template && ACTIVE_STATES.has(row.state))) {
      await deps.alarms.repeat(JOBS_ALARM, JOBS_POLL_MINUTES);
    } else await deps.alarms.clear(JOBS_ALARM);
  }

  /** `fetched`: the detail when the caller has read it already (a run found by its id). */
  async function refreshExtraction(
    client: ApiClient,
    item: ExtractionListItemOut,
    known?: JobRow,
    fetched?: Detail,
  ): Promise<JobRow> {
    let row = extractionRow(item, known, clock.now());
    const detailNow = () => fetched ?? client.extraction(row.remoteId, { limit: 0 });
    if (row.state === 'queued' || row.state === 'running') {
      const detail = await detailNow();
      if (detail.ok) row = { ...row, progress: detail.data.progress };
    } else if (!row.settled) {
      const detail = await detailNow();
      if (detail.ok && detail.status === 200) row = settledExtraction(row, detail.data as ExtractionDetailOut);
    }
    // Records are final once it is done or failed (a failed run keeps what it found): cache them once.
    const final = row.state === 'done' || row.state === 'failed';
    if (final && row.settled && (row.produced ?? 0) > 0 && row.cached === null) {
      const cached = await cacheRecords(client, db, clock.now, row.remoteId, row.kindHint);
      if (cached.ok) row = { ...row, cached: cached.count };
    }
    return row;
  }

  async function refreshNow(): Promise<JobsResult> {
    const api = await deps.openApi();
    if (!api.ok) return { jobs: await readJobs(db), problem: api.problem };
    const { client } = api;
    const before = await readJobRows(db);
    const known = new Map(before.map((row) => [row.id, row]));

    const extractions = await client.listExtractions({ limit: LIST_LIMIT });
    if (!extractions.ok) {
      await keepPolling(before);
      return { jobs: await readJobs(db), problem: describeFailure(extractions.failure, client.baseUrl) };
    }
    // The schedules first: their templates are extractions the list shows, and never jobs. When
    // they cannot be listed now, the ones last listed still say which extractions are theirs.
    const synced = await deps.schedules.sync(client);
    const schedules = synced.ok ? synced.rows : await readScheduleRows(db);
    const templates = new Set(schedules.map((schedule) => schedule.templateExtractionId));
    let rows: JobRow[] = [];
    for (const item of extractions.data) {
      const prior = known.get(jobKey('extraction', item.search_id));
      if (item.status === 'SCHEDULED' || templates.has(item.search_id) || prior?.template) {
        rows.push(templateRow(item, prior, now()));
      } else {
        rows.push(await refreshExtraction(client, item, prior));
      }
    }
    const listed = new Set(extractions.data.map((item) => item.search_id));
    const runs = await refreshRuns(client, schedules, listed, known);
    rows.push(...runs.rows);
    rows = rows.map((row) => {
      const schedule = runs.owners.get(row.remoteId);
      return schedule && row.source === 'extraction' ? labelRun(row, schedule, known) : row;
    });
    // Finder and validation jobs as far as the service has them (an older one answers 404). A failure
    // of these secondary lists keeps their rows as they were: the extractions' answer speaks for the service.
    const finders = await client.listFinderJobs(LIST_LIMIT);
    if (finders.ok) rows.push(...finders.data.map((j) => finderRow(j, known.get(jobKey('email_finder', j.id)), now())));
    const validations = await client.listValidationJobs(LIST_LIMIT);
    if (validations.ok) {
      rows.push(...validations.data.map((j) => validationRow(j, known.get(jobKey('email_validation', j.id)), now())));
    }

    const news: JobNotification[] = [];
    const updated = rows.map((row) => {
      const previous = known.get(row.id);
      const notification = announce(previous, row);
      if (notification) news.push(notification);
      return { ...row, notified: told(row) };
    });
    await writeJobRows(db, updated);
    for (const [scheduleId, runIds] of runs.adopted(updated)) await markRunsAdopted(db, scheduleId, runIds);
    await keepPolling(await readJobRows(db));
    for (const notification of news) await deps.notify(notification).catch(() => undefined);
    const expired = updated.some(
      (row) => row.failureReason === 'auth_error' && known.get(row.id)?.failureReason !== 'auth_error',
    );
    if (expired) await deps.onSeatExpired();
    return { jobs: await readJobs(db), problem: null };
  }

  /** The rows of the schedules' runs the extraction list did not cover. */
  async function refreshRuns(
    client: ApiClient,
    schedules: ScheduleRow[],
    listed: ReadonlySet<string>,
    known: ReadonlyMap<string, JobRow>,
  ) {
    const owners = followedRuns(schedules);
    const rows: JobRow[] = [];
    for (const runId of runsToFetch(owners, listed, known)) {
      const detail = await client.extraction(runId, { limit: 0 });
      if (!detail.ok) continue;
      const item = listItemFromDetail(detail.data);
      rows.push(await refreshExtraction(client, item, known.get(jobKey('extraction', runId)), detail));
    }
    /** Per schedule, its followed runs that now have a row. */
    const adopted = (written: JobRow[]): Map<string, string[]> => {
      const byId = new Set(written.map((row) => row.id));
      const result = new Map<string, string[]>();
      for (const [runId, schedule] of owners) {
        if (!byId.has(jobKey('extraction', runId))) continue;
        result.set(schedule.id, [...(result.get(schedule.id) ?? []), runId]);
      }
      return result;
    };
    return { rows, owners, adopted };
  }

  const now = () => clock.now();

  return {
    refresh: (): Promise<JobsResult> => exclusive(refreshNow),
    /** After a creation, and at every worker start: poll while anything is active. */
    resume: async (): Promise<void> => keepPolling(await readJobRows(db)),
    /** The records of one finished extraction, for a download the popup asks for (not cached yet). */
    cache: (extractionId: string): Promise<Problem | null> =>
      exclusive(async () => {
        const api = await deps.openApi();
        if (!api.ok) return api.problem;
        const row = (await readJobRows(db)).find((r) => r.id === jobKey('extraction', extractionId));
        const cached = await cacheRecords(api.client, db, clock.now, extractionId, row?.kindHint ?? null);
        if (cached.ok) return null;
        if ('running' in cached) return stillRunning();
        return describeFailure(cached.failure, api.client.baseUrl);
      }),
  };
}

function stillRunning(): Problem {
  return {
    kind: 'not_cached',
    message: 'This extraction is still running: its records are not final yet.',
    next: 'Download it when it has finished.',
  };
}
