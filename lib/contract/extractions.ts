import { z } from 'zod';
import {
  JsonValueSchema,
  optionalWebhookUrl,
  plainNameSchema,
  progressSchema,
  queryLimit,
  queryOffset,
} from './common.ts';
import {
  EnrichEmailSchema,
  ExtractionStatusFilterSchema,
  ExtractionStatusSchema,
  ExtractionTypeSchema,
  FailureReasonSchema,
} from './enums.ts';
import { ExtractableUrlSchema, MAX_SALES_URL_LENGTH, ProfileRefSchema, profileRefList } from './sales-urls.ts';
import { ExtractionTimeSchema } from './time.ts';

const enrichEmail = () =>
  EnrichEmailSchema.default('none').meta({
    description:
      'none skips email enrichment; matching enriches only leads that match the search filters (`Matches Filters`); all enriches every lead. Included in the 1 credit per record.',
  });

const searchName = () => plainNameSchema('Name of the extraction, 1 to 255 characters, no control characters.');

/* ------------------------------------------------------------------------------------------------
 * Requests
 * ---------------------------------------------------------------------------------------------- */

/** `POST /v1/extractions/url/` body. */
export const UrlExtractionCreateInSchema = z
  .object({
    // A string first, so that a missing URL is reported as required (the URL check words every
    // failure of its own as "must be a URL").
    linkedin_url: z.string().max(MAX_SALES_URL_LENGTH).pipe(ExtractableUrlSchema).meta({
      format: 'uri',
      description:
        'A Sales Navigator people or company search URL, saved search URL, or lead or account list URL (https://www.linkedin.com/sales/…).',
    }),
    search_name: searchName(),
    webhook_url: optionalWebhookUrl(),
    enrich_email: enrichEmail(),
  })
  .strict()
  .meta({ id: 'UrlExtractionCreateIn' });
export type UrlExtractionCreateIn = z.input<typeof UrlExtractionCreateInSchema>;

/** `POST /v1/extractions/single/` body. */
export const SingleExtractionCreateInSchema = z
  .object({
    profile_id: ProfileRefSchema,
    enrich_email: enrichEmail(),
    // api.md's Events: the single endpoint's description mentions a webhook_url too. It is the way
    // to hear of a single that answered 202 (not ready within about 25 s).
    webhook_url: optionalWebhookUrl().meta({
      description: 'Optional: the finished (or failed) extraction is POSTed here, as for the other extractions.',
    }),
  })
  .strict()
  .meta({ id: 'SingleExtractionCreateIn' });
export type SingleExtractionCreateIn = z.input<typeof SingleExtractionCreateInSchema>;

export const MAX_PROFILE_IDS = 2500;

/** `POST /v1/extractions/profiles/` body. */
export const ProfileExtractionCreateInSchema = z
  .object({
    profile_ids: profileRefList(MAX_PROFILE_IDS).meta({
      description: '1 to 2500 leads, or 1 to 2500 accounts, never mixed: URLs or bare ids.',
    }),
    search_name: searchName(),
    webhook_url: optionalWebhookUrl(),
    enrich_email: enrichEmail(),
  })
  .strict()
  .meta({ id: 'ProfileExtractionCreateIn' });
export type ProfileExtractionCreateIn = z.input<typeof ProfileExtractionCreateInSchema>;

/** `GET /v1/extractions/` query. */
export const ExtractionListQuerySchema = z
  .object({
    start: queryOffset().meta({ description: 'Zero-based index of the first extraction, newest first.' }),
    limit: queryLimit(100, 25).meta({ description: 'Page size, 1 to 100.' }),
    status: ExtractionStatusFilterSchema.optional().meta({
      description:
        'Only extractions in this state: pending (ACCEPTED), scheduled (SCHEDULED), processing (EXECUTING), completed (EXECUTED), paused (PAUSED), failed (FAILED).',
    }),
  })
  .strict();
export type ExtractionListQuery = z.output<typeof ExtractionListQuerySchema>;

export const MAX_DETAIL_LIMIT = 2500;

/** `GET /v1/extractions/{extraction_id}/` query. */
export const ExtractionDetailQuerySchema = z
  .object({
    start: queryOffset().meta({ description: 'Zero-based index of the first record returned.' }),
    // An empty value (`?limit=`) or `null` means absent: every record.
    limit: z
      .preprocess(
        (v) => (v === '' || v === 'null' || v === null ? undefined : v),
        z.coerce.number().int().min(0).max(MAX_DETAIL_LIMIT).optional(),
      )
      .optional()
      .meta({
        description: 'Page size, 0 to 2500. Absent: every record in one response. 0: status and counts only.',
      }),
  })
  .strict();
export type ExtractionDetailQuery = z.output<typeof ExtractionDetailQuerySchema>;

/** Path of the extraction endpoints. Any string: an unknown or malformed id is a 404, not a 422. */
export const ExtractionIdParamsSchema = z.object({ extraction_id: z.string().min(1).max(64) });
export type ExtractionIdParams = z.output<typeof ExtractionIdParamsSchema>;

/* ------------------------------------------------------------------------------------------------
 * Responses
 * ---------------------------------------------------------------------------------------------- */

/**
 * One extracted lead or account: human-readable column names (`Full Name`, `Company Name`,
 * `Email`, `Email Status`, `Matches Filters`, `Match Issues`, …) mapped to values.
 */
export const ProspectRecordSchema = z.record(z.string(), JsonValueSchema).meta({
  id: 'ProspectRecord',
  description:
    'One extracted lead or account: column name (e.g. Full Name, Company Name, Email, Email Status, Matches Filters) to value.',
});
export type ProspectRecord = z.infer<typeof ProspectRecordSchema>;

/** `POST /v1/extractions/url/`, `/profiles/` (202) and the slow `/single/` (202) response. */
export const ExtractionCreateOutSchema = z
  .object({
    extraction_id: z.string().meta({ description: 'Identifier to poll; equals search_id in list and detail.' }),
    success: z.literal(true).default(true),
    message: z.string().default(''),
    status: z
      .union([ExtractionStatusSchema, z.literal('')])
      .default('')
      .meta({ description: 'Stage at acceptance.' }),
    count: z
      .int()
      .nonnegative()
      .default(0)
      .meta({ description: 'Leads or accounts submitted when known upfront; 0 for a search or list URL.' }),
  })
  .meta({ id: 'ExtractionCreateOut' });
export type ExtractionCreateOut = z.infer<typeof ExtractionCreateOutSchema>;

const totalProspects = () =>
  z
    .int()
    .nonnegative()
    .default(0)
    .meta({ description: 'Estimate reported by the sales tool before scraping; the final count can differ.' });

/** One entry of `GET /v1/extractions/`. */
export const ExtractionListItemOutSchema = z
  .object({
    search_id: z.string(),
    search_name: z.string().default(''),
    status: ExtractionStatusSchema,
    extraction_type: ExtractionTypeSchema,
    total_prospects: totalProspects(),
    search_date_created: ExtractionTimeSchema,
  })
  .meta({ id: 'ExtractionListItemOut' });
export type ExtractionListItemOut = z.infer<typeof ExtractionListItemOutSchema>;

export const ExtractionListOutSchema = z.array(ExtractionListItemOutSchema).meta({ id: 'ExtractionListOut' });
export type ExtractionListOut = z.infer<typeof ExtractionListOutSchema>;

/** The states the detail endpoint answers 200 with. */
export const FinishedExtractionStatusSchema = ExtractionStatusSchema.extract(['EXECUTED', 'FAILED', 'PAUSED']);
/** The states the detail endpoint answers 202 with. */
export const RunningExtractionStatusSchema = ExtractionStatusSchema.extract(['ACCEPTED', 'SCHEDULED', 'EXECUTING']);

/** `GET /v1/extractions/{extraction_id}/`, 200 (EXECUTED, FAILED or PAUSED); also the webhook body. */
export const ExtractionDetailOutSchema = z
  .object({
    search_id: z.string(),
    search_name: z.string().default(''),
    status: FinishedExtractionStatusSchema,
    extraction_type: ExtractionTypeSchema,
    total_prospects: totalProspects(),
    progress: progressSchema().meta({ description: '0 to 100; 100 once finished successfully.' }),
    created_at: ExtractionTimeSchema,
    completed_at: ExtractionTimeSchema.nullable().meta({ description: 'Finish time; null if never finished.' }),
    failure_reason: z
      .union([FailureReasonSchema, z.literal('')])
      .default('')
      .meta({ description: 'Short machine reason when FAILED or PAUSED; empty string on success.' }),
    prospects: z.array(ProspectRecordSchema).default([]),
    start: z.int().nonnegative().default(0).meta({ description: 'Zero-based index of the first record returned.' }),
    limit: z.int().nonnegative().nullable().meta({ description: 'Page size applied (echo); null when not paged.' }),
    returned_count: z.int().nonnegative().default(0).meta({ description: 'Records in prospects on this response.' }),
    total_count: z.int().nonnegative().default(0).meta({ description: 'Records produced in total across pages.' }),
    has_more: z
      .boolean()
      .default(false)
      .meta({ description: 'Whether records remain; the next page uses start = start + returned_count.' }),
  })
  .meta({ id: 'ExtractionDetailOut' });
export type ExtractionDetailOut = z.infer<typeof ExtractionDetailOutSchema>;

/** `GET /v1/extractions/{extraction_id}/`, 202 (ACCEPTED, SCHEDULED or EXECUTING). */
export const ExtractionInProgressOutSchema = z
  .object({
    search_id: z.string(),
    search_name: z.string().default(''),
    status: RunningExtractionStatusSchema,
    progress: progressSchema().meta({
      description: '0 to 100: the first three quarters cover paging through the search, the last quarter the profiles.',
    }),
    extraction_type: ExtractionTypeSchema,
    created_at: ExtractionTimeSchema,
    total_prospects: totalProspects(),
  })
  .meta({ id: 'ExtractionInProgressOut' });
export type ExtractionInProgressOut = z.infer<typeof ExtractionInProgressOutSchema>;

/** `POST /v1/extractions/single/`, 200. */
export const SingleExtractionOutSchema = z
  .object({
    extraction_id: z.string(),
    success: z.literal(true).default(true),
    prospect: ProspectRecordSchema.default({}).meta({
      description: 'The extracted record; an empty object if nothing could be extracted.',
    }),
  })
  .meta({ id: 'SingleExtractionOut' });
export type SingleExtractionOut = z.infer<typeof SingleExtractionOutSchema>;
