/**
 * Job rows from what the service's list endpoints say, merged into what this browser already
 * knew (its name for the work, the records it cached, what it last told the user).
 */
import type { EmailFinderJobListItem } from '../contract/email-finder.ts';
import type { EmailValidationJobListItem } from '../contract/email-validation.ts';
import type { ExtractionStatus, ExtractionType, JobStatus } from '../contract/enums.ts';
import type { ExtractionListItemOut } from '../contract/extractions.ts';
import { parseExtractionTime } from '../contract/time.ts';
import type { JobRow } from '../db/job-rows.ts';
import { extractionFailure, jobFailure } from './failure-words.ts';
import { type JobSource, type JobState, jobKey } from './job-view.ts';

export const EXTRACTION_STATE: Record<ExtractionStatus, JobState> = {
  ACCEPTED: 'queued',
  SCHEDULED: 'queued',
  EXECUTING: 'running',
  PAUSED: 'paused',
  EXECUTED: 'done',
  FAILED: 'failed',
};

const JOB_STATE: Record<JobStatus, JobState> = {
  pending: 'queued',
  running: 'running',
  complete: 'done',
  failed: 'failed',
};

const EXTRACTION_WHAT: Record<ExtractionType, string> = {
  SEARCH: 'Search',
  LIST: 'List',
  UPLOAD: 'Profiles',
  SINGLE: 'Profile',
};

/** A row as first seen, before anything this browser adds. */
function blank(source: JobSource, remoteId: string, now: number): JobRow {
  return {
    id: jobKey(source, remoteId),
    source,
    remoteId,
    name: '',
    what: '',
    state: 'queued',
    status: '',
    progress: null,
    total: null,
    produced: null,
    failure: null,
    createdAt: now,
    cached: null,
    failureReason: null,
    notified: null,
    settled: false,
    kindHint: null,
    updatedAt: now,
  };
}

export function extractionRow(item: ExtractionListItemOut, known: JobRow | undefined, now: number): JobRow {
  const base = known ?? blank('extraction', item.search_id, now);
  const state = EXTRACTION_STATE[item.status];
  const changed = state !== base.state;
  return {
    ...base,
    name: item.search_name || base.name,
    what: base.what || EXTRACTION_WHAT[item.extraction_type],
    state,
    status: item.status,
    total: item.total_prospects || base.total,
    createdAt: parseExtractionTime(item.search_date_created).getTime(),
    // A new state needs its detail read again (PAUSED can become EXECUTING, then EXECUTED).
    settled: changed ? false : base.settled,
    progress: state === 'done' ? 100 : base.progress,
    failure: changed ? null : base.failure,
    failureReason: changed ? null : base.failureReason,
    updatedAt: now,
  };
}

/**
 * A schedule's template extraction, hidden: known by its id alone, before or without the list
 * showing it (the schedule was just made; it may be stopped before any refresh).
 */
export function templateRow(item: ExtractionListItemOut, known: JobRow | undefined, now: number): JobRow {
  // Nothing to read about it: it never runs itself, and its end (FAILED when stopped) is no news.
  return { ...extractionRow(item, known, now), template: true, settled: true, notified: null };
}

/** The finished detail's words: its failure_reason and how many records it produced. */
export function settledExtraction(
  row: JobRow,
  detail: { failure_reason: string; total_count: number; progress: number },
) {
  return {
    ...row,
    settled: true,
    failureReason: detail.failure_reason,
    failure: extractionFailure(detail.failure_reason, row.state),
    produced: detail.total_count,
    progress: detail.progress,
  };
}

export function finderRow(item: EmailFinderJobListItem, known: JobRow | undefined, now: number): JobRow {
  return emailJobRow('email_finder', item, item.job_name ?? 'Email finder', item.prospect_count, known, now);
}

export function validationRow(item: EmailValidationJobListItem, known: JobRow | undefined, now: number): JobRow {
  return emailJobRow('email_validation', item, 'Email validation', Number(item.prospect_count), known, now);
}

function emailJobRow(
  source: 'email_finder' | 'email_validation',
  item: { id: string; status: JobStatus; progress: number; error_message: string | null; created_at: string },
  name: string,
  total: number,
  known: JobRow | undefined,
  now: number,
): JobRow {
  const state = JOB_STATE[item.status];
  return {
    ...(known ?? blank(source, item.id, now)),
    name,
    what: source === 'email_finder' ? 'Email finder' : 'Email validation',
    state,
    status: item.status,
    progress: item.progress,
    total,
    failure: jobFailure(item.error_message, state),
    createdAt: Date.parse(item.created_at),
    settled: true,
    updatedAt: now,
  };
}
