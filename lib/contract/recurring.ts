import { z } from 'zod';
import { plainNameSchema } from './common.ts';
import { FrequencySchema } from './enums.ts';
import { SchedulableUrlSchema } from './sales-urls.ts';
import { ExtractionTimeSchema } from './time.ts';

const frequency = () =>
  FrequencySchema.meta({
    description: 'daily, weekly or monthly (upper case accepted). The next run is one interval after the change.',
  });

const scheduleName = () =>
  plainNameSchema('Name of the schedule and of its template extraction, 1 to 255 characters, no control characters.');

/**
 * `POST /v1/extractions/recurring/` body: exactly one of `extraction_id` or `url`, plus the cadence.
 * A null `extraction_id` or `url` counts as absent.
 */
export const RecurringExportCreateInSchema = z
  .object({
    extraction_id: z.string().min(1).max(64).nullish().meta({
      description: 'An extraction already launched, whose search is scheduled. Exactly one of extraction_id or url.',
    }),
    url: SchedulableUrlSchema.nullish().meta({
      description:
        'A Sales Navigator people or company search URL (a savedSearchId URL is scheduled as that saved search). Exactly one of extraction_id or url.',
    }),
    frequency: frequency(),
    name: scheduleName().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const hasId = body.extraction_id !== undefined && body.extraction_id !== null;
    const hasUrl = body.url !== undefined && body.url !== null;
    if (hasId && hasUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'exactly one of extraction_id or url is allowed; both were given',
      });
    } else if (!hasId && !hasUrl) {
      ctx.addIssue({ code: 'custom', path: [], message: 'exactly one of extraction_id or url is required' });
    }
  })
  .meta({ id: 'RecurringExportCreateIn' });
export type RecurringExportCreateIn = z.input<typeof RecurringExportCreateInSchema>;

/** `PATCH /v1/extractions/recurring/{schedule_id}/` body: every field optional, an omitted one left as is. */
export const RecurringExportUpdateInSchema = z
  .object({
    name: scheduleName().optional(),
    frequency: frequency().optional(),
    paused: z.boolean().optional().meta({ description: 'true pauses the schedule, false resumes it.' }),
  })
  .strict()
  .meta({ id: 'RecurringExportUpdateIn' });
export type RecurringExportUpdateIn = z.input<typeof RecurringExportUpdateInSchema>;

const recurringExportShape = {
  schedule_id: z.string(),
  name: z.string(),
  frequency: FrequencySchema,
  paused: z.boolean(),
  source_url: z.string().meta({ description: 'The search URL the schedule runs.' }),
  template_extraction_id: z
    .string()
    .meta({ description: 'The extraction whose settings each run copies; its name is the name of the next run.' }),
  next_run_at: ExtractionTimeSchema.meta({ description: 'When the next run starts (UTC).' }),
  last_run_at: ExtractionTimeSchema.nullable().meta({
    description: 'When the last run started; null before the first.',
  }),
  created_at: ExtractionTimeSchema,
  last_skipped_at: ExtractionTimeSchema.nullable().optional().meta({
    description:
      'Beyond the spec: when a run last came due and was skipped (no credits, or no connected seat); null if never.',
  }),
  last_skip_reason: z.enum(['insufficient_credits', 'no_usable_seat']).nullable().optional().meta({
    description: 'Beyond the spec: why that run was skipped.',
  }),
  run_ids: z.array(z.string()).meta({ description: 'Extraction ids of the runs produced, newest first.' }),
};

/** A recurring export, as get, list and update return it. */
export const RecurringExportOutSchema = z.object(recurringExportShape).meta({ id: 'RecurringExportOut' });
export type RecurringExportOut = z.infer<typeof RecurringExportOutSchema>;

/** `POST /v1/extractions/recurring/` response (200). */
export const RecurringExportCreateOutSchema = z
  .object({
    ...recurringExportShape,
    created: z.boolean().meta({
      description:
        'true when a new schedule was made; false when the existing schedule of the same search was updated.',
    }),
  })
  .meta({ id: 'RecurringExportCreateOut' });
export type RecurringExportCreateOut = z.infer<typeof RecurringExportCreateOutSchema>;

/** `GET /v1/extractions/recurring/` response: schedules that can still run, soonest next run first. */
export const RecurringExportListOutSchema = z.array(RecurringExportOutSchema).meta({ id: 'RecurringExportListOut' });
export type RecurringExportListOut = z.infer<typeof RecurringExportListOutSchema>;

/** `DELETE /v1/extractions/recurring/{schedule_id}/` response (200). */
export const RecurringExportDeleteOutSchema = z
  .object({ success: z.literal(true), schedule_id: z.string(), stopped: z.literal(true) })
  .meta({ id: 'RecurringExportDeleteOut' });
export type RecurringExportDeleteOut = z.infer<typeof RecurringExportDeleteOutSchema>;

/** Path of the schedule endpoints: a UUID (422 otherwise), lower-cased. */
export const ScheduleIdParamsSchema = z.object({ schedule_id: z.uuid().toLowerCase() });
export type ScheduleIdParams = z.output<typeof ScheduleIdParamsSchema>;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** The longest single move: a year and a day, so a typo cannot fling the world past its timeline. */
export const SANDBOX_ADVANCE_MAX_MS = 366 * UNIT_MS.d;

/** `90m`, `12h`, `7d` in milliseconds (the schema's pattern already holds). */
export function durationMs(text: string): number {
  const unit = text.slice(-1) as keyof typeof UNIT_MS;
  return Number(text.slice(0, -1)) * UNIT_MS[unit];
}

/** `POST /v1/sandbox/clock/` body (beyond the spec; lf_test_ keys only): how far to move sandbox time. */
export const SandboxClockAdvanceInSchema = z
  .object({
    advance: z
      .string()
      .regex(/^[1-9]\d{0,5}[mhd]$/, 'a duration such as 90m, 12h or 7d')
      .refine((v) => durationMs(v) <= SANDBOX_ADVANCE_MAX_MS, 'at most 366d')
      .meta({ description: 'How far to move sandbox time forward: minutes (m), hours (h) or days (d), at most 366d.' }),
  })
  .strict()
  .meta({ id: 'SandboxClockAdvanceIn' });
export type SandboxClockAdvanceIn = z.input<typeof SandboxClockAdvanceInSchema>;

/** `GET` and `POST /v1/sandbox/clock/` response: sandbox time now. */
export const SandboxClockOutSchema = z
  .object({
    success: z.literal(true),
    now: z.string().meta({ description: 'Sandbox time now, ISO 8601 in UTC.' }),
    offset_seconds: z.number().int().meta({ description: 'How far sandbox time is ahead of real time.' }),
    runs_fired: z
      .number()
      .int()
      .optional()
      .meta({ description: 'After an advance: the recurring runs the move made come due.' }),
  })
  .meta({ id: 'SandboxClockOut' });
export type SandboxClockOut = z.infer<typeof SandboxClockOutSchema>;
