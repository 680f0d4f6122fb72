/**
 * Which runs of the schedules the job refresh must look at itself, and how a run is labelled in
 * the jobs. A run is an extraction like any other: when it is among the newest extractions the
 * service lists, the refresh already has it. One that is not listed (older than the list's page)
 * is fetched by id while it is new to this browser or still running. Only each schedule's newest
 * runs are followed: a daily schedule's year of runs is history, not news.
 */
import type { ExtractionDetailOut, ExtractionInProgressOut, ExtractionListItemOut } from '../contract/extractions.ts';
import type { JobRow } from '../db/job-rows.ts';
import type { ScheduleRow } from '../db/schedule-rows.ts';
import { FREQUENCY_LABEL } from '../recurring/schedule-view.ts';
import { pageKind } from '../salesnav/page-kind.ts';
import { ACTIVE_STATES, jobKey } from './job-view.ts';

/** Runs followed per schedule, newest first. */
export const RUNS_FOLLOWED = 5;

/** Each followed run's schedule, by run id. */
export function followedRuns(schedules: ScheduleRow[]): Map<string, ScheduleRow> {
  const owners = new Map<string, ScheduleRow>();
  for (const schedule of schedules) {
    for (const runId of schedule.runIds.slice(0, RUNS_FOLLOWED)) owners.set(runId, schedule);
  }
  return owners;
}

/** The followed runs the extraction list did not cover and that this browser needs news of. */
export function runsToFetch(
  owners: Map<string, ScheduleRow>,
  listed: ReadonlySet<string>,
  known: ReadonlyMap<string, JobRow>,
): string[] {
  return [...owners].flatMap(([runId, schedule]) => {
    if (listed.has(runId)) return [];
    const row = known.get(jobKey('extraction', runId));
    if (row) return ACTIVE_STATES.has(row.state) || !row.settled ? [runId] : [];
    // Added once and dropped since by the jobs table's limit: not news any more.
    return schedule.adoptedRunIds.includes(runId) ? [] : [runId];
  });
}

/** The list endpoint's summary of an extraction, from its detail, so both go through one path. */
export function listItemFromDetail(detail: ExtractionDetailOut | ExtractionInProgressOut): ExtractionListItemOut {
  return {
    search_id: detail.search_id,
    search_name: detail.search_name,
    status: detail.status,
    extraction_type: detail.extraction_type,
    total_prospects: detail.total_prospects,
    search_date_created: detail.created_at,
  };
}

/**
 * A run new to this browser says which schedule made it ("Weekly run"), and its records are
 * leads or accounts as the schedule's search is (for a CSV of a run that found nobody).
 */
export function labelRun(row: JobRow, schedule: ScheduleRow, known: ReadonlyMap<string, JobRow>): JobRow {
  if (known.has(row.id)) return row;
  return {
    ...row,
    what: `${FREQUENCY_LABEL[schedule.frequency]} run`,
    kindHint: row.kindHint ?? (pageKind(schedule.sourceUrl) === 'company-search' ? 'account' : 'lead'),
  };
}
