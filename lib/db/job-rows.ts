/**
 * The rows behind extractions in the extension's IndexedDB (version 3): the jobs the popup lists,
 * the records of finished extractions for CSV download, and the extractions this browser asked
 * for, so a creation survives the service worker being stopped between sending and hearing back.
 */
import { z } from 'zod';
import { EnrichEmailSchema } from '../contract/enums.ts';
import { ProspectRecordSchema } from '../contract/extractions.ts';
import { JobState, JobViewSchema } from '../jobs/job-view.ts';

export const RecordKindSchema = z.enum(['lead', 'account']);

export const JobRowSchema = JobViewSchema.extend({
  /** The service's failure_reason once read from the detail endpoint; null until then. */
  failureReason: z.string().nullable(),
  /** The last state the user was told about (notification or the page's own answer); null: none yet. */
  notified: JobState.nullable(),
  /** Whether the finished state's detail (failure_reason, total_count) has been read. */
  settled: z.boolean(),
  /** What the records are, when known before any arrives (from the page the extraction was started on). */
  kindHint: RecordKindSchema.nullable(),
  updatedAt: z.number(),
  /**
   * A schedule's template extraction: the service keeps it in SCHEDULED while the schedule lives
   * (FAILED once stopped) and copies each run from it. The schedule stands for it in the popup,
   * so the row is kept only to recognise it: never listed, polled or announced.
   */
  template: z.literal(true).optional(),
});
export type JobRow = z.infer<typeof JobRowSchema>;

/** Every record of one extraction, as `GET /v1/extractions/{id}/` returned them, in order. */
export const RecordsRowSchema = z.object({
  extractionId: z.string(),
  prospects: z.array(ProspectRecordSchema),
  kindHint: RecordKindSchema.nullable(),
  cachedAt: z.number(),
});
export type RecordsRow = z.infer<typeof RecordsRowSchema>;

/** What to create: the endpoint and its body, decided by the background from the page's URL. */
export const CreationPlanSchema = z.discriminatedUnion('endpoint', [
  z.object({
    endpoint: z.literal('url'),
    body: z.object({ linkedin_url: z.string(), search_name: z.string(), enrich_email: EnrichEmailSchema }),
    kind: RecordKindSchema,
    what: z.string(),
  }),
  z.object({
    endpoint: z.literal('single'),
    body: z.object({ profile_id: z.string(), enrich_email: EnrichEmailSchema }),
    kind: RecordKindSchema,
    what: z.string(),
    /** The name the page shows (the lead's or the account's), for the jobs list. */
    label: z.string(),
  }),
]);
export type CreationPlan = z.infer<typeof CreationPlanSchema>;

/**
 * One extraction this browser asked for, keyed by the request id the view generated before
 * sending. `sending` with no extraction id after a worker restart means "maybe created": the
 * background looks for it on the service before sending again.
 */
export const CreationRowSchema = z.object({
  requestId: z.string(),
  plan: CreationPlanSchema,
  state: z.enum(['sending', 'accepted']),
  /** When the request was last sent (ms, this browser's clock). */
  sentAt: z.number(),
  /** Set once the service has answered with it, or it was found on the service. */
  extractionId: z.string().nullable(),
  /** The single extraction's record when it came back at once. */
  prospect: ProspectRecordSchema.nullable(),
});
export type CreationRow = z.infer<typeof CreationRowSchema>;
