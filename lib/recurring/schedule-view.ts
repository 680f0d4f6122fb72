/**
 * A recurring export (a schedule) as the popup lists it and the in-page control reports it: times
 * as milliseconds since the epoch, so each view shows them in the user's own time zone. Built
 * from the service's record (lib/contract/recurring.ts). No DOM, no browser API: only zod.
 */
import { z } from 'zod';
import type { RecurringExportOut } from '../contract/recurring.ts';
import { parseExtractionTime } from '../contract/time.ts';

/** How often a schedule runs, in the service's words (the contract also accepts upper case on input). */
export const RepeatFrequency = z.enum(['daily', 'weekly', 'monthly']);
export type RepeatFrequency = z.infer<typeof RepeatFrequency>;

/** Why the service skipped a run that came due (beyond the spec's fields: decisions.md). */
export const SkipReason = z.enum(['insufficient_credits', 'no_usable_seat']);
export type SkipReason = z.infer<typeof SkipReason>;

export const ScheduleViewSchema = z.object({
  /** The service's schedule_id. */
  id: z.string(),
  name: z.string(),
  frequency: RepeatFrequency,
  paused: z.boolean(),
  /** The search each run extracts. */
  sourceUrl: z.string(),
  /** The extraction the schedule was made from; its settings are each run's. */
  templateExtractionId: z.string(),
  /** From the service's clock (sandbox keys: sandbox time, which may run ahead of this browser's). */
  nextRunAt: z.number(),
  lastRunAt: z.number().nullable(),
  /** The last run that came due and was not made, and why; null when none was (or the service does not say). */
  skipped: z.object({ at: z.number(), reason: SkipReason }).nullable().default(null),
  createdAt: z.number(),
  /** Extraction ids of the runs made so far, newest first. */
  runIds: z.array(z.string()),
});
export type ScheduleView = z.infer<typeof ScheduleViewSchema>;

export function scheduleFromApi(out: RecurringExportOut): ScheduleView {
  return {
    id: out.schedule_id,
    name: out.name,
    frequency: out.frequency,
    paused: out.paused,
    sourceUrl: out.source_url,
    templateExtractionId: out.template_extraction_id,
    nextRunAt: parseExtractionTime(out.next_run_at).getTime(),
    lastRunAt: out.last_run_at === null ? null : parseExtractionTime(out.last_run_at).getTime(),
    skipped:
      out.last_skipped_at && out.last_skip_reason
        ? { at: parseExtractionTime(out.last_skipped_at).getTime(), reason: out.last_skip_reason }
        : null,
    createdAt: parseExtractionTime(out.created_at).getTime(),
    runIds: out.run_ids,
  };
}

/** "daily" → "Daily", for labels. */
export const FREQUENCY_LABEL: Record<RepeatFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** "every day", for sentences. */
export const FREQUENCY_WORDS: Record<RepeatFrequency, string> = {
  daily: 'every day',
  weekly: 'every week',
  monthly: 'every month',
};
