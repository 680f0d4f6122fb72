/**
 * A job as the popup lists it: an extraction, an email finder job or an email validation job,
 * with its state in one vocabulary for all three, its progress, and why it stopped in plain words.
 * No DOM, no browser API: only zod.
 */
import { z } from 'zod';

export const JobSource = z.enum(['extraction', 'email_finder', 'email_validation']);
export type JobSource = z.infer<typeof JobSource>;

/**
 * queued: accepted, not started (ACCEPTED, SCHEDULED, pending); running (EXECUTING, running);
 * paused: waiting for credits (PAUSED); done (EXECUTED, complete); failed (FAILED, failed).
 */
export const JobState = z.enum(['queued', 'running', 'paused', 'done', 'failed']);
export type JobState = z.infer<typeof JobState>;

/** States in which the service still works on the job, or may resume it: the background keeps polling. */
export const ACTIVE_STATES: ReadonlySet<JobState> = new Set(['queued', 'running', 'paused']);

/** Why a job stopped, in plain words, with what to do next. */
export const JobNoticeSchema = z.object({ message: z.string(), next: z.string() });
export type JobNotice = z.infer<typeof JobNoticeSchema>;

export const JobViewSchema = z.object({
  /** `<source>:<id on the service>`: unique across the three kinds. */
  id: z.string(),
  source: JobSource,
  remoteId: z.string(),
  name: z.string(),
  /** What kind of work, in words: "Search", "List", "Lead", "Email finder", … */
  what: z.string(),
  state: JobState,
  /** The status as the service reports it (EXECUTING, running, …). */
  status: z.string(),
  /** 0..100; null when the service has not said. */
  progress: z.number().int().min(0).max(100).nullable(),
  /** The estimate before work (an extraction's total_prospects) or the number submitted; null when unknown. */
  total: z.number().int().nonnegative().nullable(),
  /** Records produced, once the service has said (an extraction's total_count). */
  produced: z.number().int().nonnegative().nullable(),
  failure: JobNoticeSchema.nullable(),
  /** Milliseconds since the epoch, from the service's clock. */
  createdAt: z.number(),
  /** How many records this browser holds for download (extractions only); null when none are cached. */
  cached: z.number().int().nonnegative().nullable(),
});
export type JobView = z.infer<typeof JobViewSchema>;

export const jobKey = (source: JobSource, remoteId: string) => `${source}:${remoteId}`;
