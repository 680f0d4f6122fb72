/**
 * When a job is worth a desktop notification, and its words. A job is announced once per state it
 * ends up in (done, failed, paused), and only when this browser saw it before it got there: a job
 * first seen already finished is history, not news.
 */
import type { JobRow } from '../db/job-rows.ts';
import type { JobState } from './job-view.ts';

export interface JobNotification {
  /** The notification's id: a second one for the same job and state replaces the first. */
  id: string;
  title: string;
  message: string;
}

const NEWS: ReadonlySet<JobState> = new Set(['done', 'failed', 'paused']);

/** The state to record as told, and the notification to show, if any. */
export function announce(previous: JobRow | undefined, next: JobRow): JobNotification | null {
  if (next.template || !NEWS.has(next.state) || next.notified === next.state) return null;
  // Wait for the detail's failure reason before telling anyone why it stopped.
  if (next.source === 'extraction' && !next.settled) return null;
  if (previous === undefined || previous.state === next.state) return null;
  return { id: `${next.id}:${next.state}`, ...words(next) };
}

/** The state the row should record as told after `announce` ran (told, or not news for anyone). */
export function told(next: JobRow): JobState | null {
  if (!NEWS.has(next.state) || (next.source === 'extraction' && !next.settled)) return next.notified;
  return next.state;
}

function words(row: JobRow): { title: string; message: string } {
  const name = row.name || row.what;
  if (row.state === 'done') {
    const count = row.produced;
    return {
      title: `Leadforge: ${name} is ready`,
      message:
        row.source !== 'extraction'
          ? 'Finished: open Leadforge to see it.'
          : count === null
            ? 'Its records are ready: open Leadforge to download the CSV.'
            : `${count.toLocaleString('en-US')} ${count === 1 ? 'record' : 'records'} ready: open Leadforge to download the CSV.`,
    };
  }
  const failure = row.failure ?? { message: 'It stopped.', next: 'Open Leadforge to see why.' };
  return {
    title: `Leadforge: ${name} ${row.state === 'paused' ? 'is paused' : 'stopped'}`,
    message: `${failure.message} ${failure.next}`,
  };
}
