import { z } from 'zod';
import { JobListQuerySchema, JsonValueSchema, optionalWebhookUrl, progressSchema } from './common.ts';
import { JobStatusSchema, JobTypeSchema, ProspectStatusSchema, VerdictSchema } from './enums.ts';
import { JobTimeSchema } from './time.ts';

/**
 * The form of an email address as the API takes it: a local part (dot-atoms of any characters but
 * spaces and `@`, or a quoted string), `@`, and a domain with at least one dot. Internationalised
 * addresses (RFC 6531: `jörg@müller.example`, IDN domains) are taken, which zod's ASCII-only
 * `z.email()` refuses; finer RFC 5321 rules (lengths, dots, labels) are the verifier's syntax stage,
 * and an address that fails them is answered `invalid` with its reason rather than refused.
 */
export const EMAIL_FORM = /^(?:"(?:[^"\\\r\n]|\\.)+"|[^\s@"]+)@[^\s@.]+(?:\.[^\s@.]+)+$/u;

/** An email address to verify: email format (internationalised addresses included), at most 255 characters. */
export const EmailAddressSchema = z
  .string()
  .max(255, 'must be at most 255 characters')
  .regex(EMAIL_FORM, 'must be an email address')
  .meta({ format: 'idn-email' });

/* ------------------------------------------------------------------------------------------------
 * Requests
 * ---------------------------------------------------------------------------------------------- */

/** `POST /v1/email-validation/single/` body. */
export const EmailValidationInSchema = z
  .object({ email: EmailAddressSchema.meta({ description: 'The address to verify, up to 255 characters.' }) })
  .strict()
  .meta({ id: 'EmailValidationIn' });
export type EmailValidationIn = z.input<typeof EmailValidationInSchema>;

/** One address of a bulk validation job; null is taken and reported as a failed prospect. */
export const EmailValidationProspectInSchema = z
  .object({ email: EmailAddressSchema.nullable().meta({ description: 'The address to verify, or null.' }) })
  .strict()
  .meta({ id: 'EmailValidationProspectIn' });
export type EmailValidationProspectIn = z.input<typeof EmailValidationProspectInSchema>;

export const MAX_VALIDATION_PROSPECTS = 100_000;

/** `POST /v1/email-validation/` body. */
export const EmailValidationJobInSchema = z
  .object({
    job_name: z.string().trim().min(1).max(255).meta({ description: 'A name for the job, 1 to 255 characters.' }),
    webhook_url: optionalWebhookUrl(),
    prospects: z
      .array(EmailValidationProspectInSchema)
      .min(1)
      .max(MAX_VALIDATION_PROSPECTS)
      .meta({ description: '1 to 100000 addresses; results come back in this order.' }),
  })
  .strict()
  .meta({ id: 'EmailValidationJobIn' });
export type EmailValidationJobIn = z.input<typeof EmailValidationJobInSchema>;

/** `GET /v1/email-validation/` query (beyond the spec: the same paging as the finder list). */
export const EmailValidationListQuerySchema = JobListQuerySchema;
export type EmailValidationListQuery = z.output<typeof EmailValidationListQuerySchema>;

/* ------------------------------------------------------------------------------------------------
 * Responses
 * ---------------------------------------------------------------------------------------------- */

/**
 * Why a verdict was given: the stage results (syntax, domain, MX hosts, SMTP reply code and text,
 * catch-all, role, disposable, free provider, greylisted, full inbox, disabled, typo suggestion).
 * Beyond the spec; typed loosely for now.
 */
export const EmailVerificationDetailsSchema = z.record(z.string(), JsonValueSchema).meta({
  id: 'EmailVerificationDetails',
  description:
    'Stage results behind the verdict (syntax, domain, MX, SMTP reply, catch-all, role, disposable, free provider, greylisted, full inbox, disabled, typo suggestion).',
});
export type EmailVerificationDetails = z.infer<typeof EmailVerificationDetailsSchema>;

const verdict = () =>
  VerdictSchema.nullable().meta({
    description:
      'safe: deliverable; riskier: deliverable with lower confidence; suspect: could not be confirmed; invalid: undeliverable. null when verification did not complete.',
  });

/** One address of a validation job. */
export const EmailValidationProspectDetailSchema = z
  .object({
    id: z.string().meta({ description: 'UUID of the prospect within the job.' }),
    email: z.string().meta({ format: 'idn-email' }).nullable(),
    email_validity: verdict(),
    status: ProspectStatusSchema,
    error_message: z.string().nullable(),
    details: EmailVerificationDetailsSchema.optional(),
  })
  .meta({ id: 'EmailValidationProspectDetail' });
export type EmailValidationProspectDetail = z.infer<typeof EmailValidationProspectDetailSchema>;

/** The result of a single check. */
export const EmailValidationResultSchema = z
  .object({
    email: z.string().meta({ format: 'idn-email' }),
    email_validity: verdict(),
    status: ProspectStatusSchema.extract(['complete', 'failed']),
    error_message: z.string().nullable(),
    details: EmailVerificationDetailsSchema.optional(),
  })
  .meta({ id: 'EmailValidationResult' });
export type EmailValidationResult = z.infer<typeof EmailValidationResultSchema>;

/** `POST /v1/email-validation/single/` response (200). */
export const EmailValidationOutSchema = z
  .object({
    success: z.boolean().meta({ description: 'true when a verdict was reached; false when verification failed.' }),
    job_id: z.string().meta({ description: 'Correlation reference; there is nothing to poll.' }),
    prospect: EmailValidationResultSchema,
  })
  .meta({ id: 'EmailValidationOut' });
export type EmailValidationOut = z.infer<typeof EmailValidationOutSchema>;

const jobId = () => z.string().meta({ description: 'The job id returned at creation.' });
const jobProgress = () => progressSchema().meta({ description: 'Percentage of addresses processed, 0 to 100.' });

/** `GET /v1/email-validation/{id}/`, 200; also the webhook body. */
export const EmailValidationJobOutSchema = z
  .object({
    id: jobId(),
    status: JobStatusSchema.meta({
      description: 'complete when every address is processed; failed when the job could not finish.',
    }),
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
    error_message: z
      .string()
      .nullable()
      .meta({ description: 'Job-level failure; empty (null) when the job completed normally.' }),
    prospects: z
      .array(EmailValidationProspectDetailSchema)
      .meta({ description: 'One per address, in order received.' }),
    job_type: z.literal('email_validation'),
  })
  .meta({ id: 'EmailValidationJobOut' });
export type EmailValidationJobOut = z.infer<typeof EmailValidationJobOutSchema>;

/** `GET /v1/email-validation/{id}/`, 202. */
export const EmailValidationJobInProgressOutSchema = z
  .object({
    id: jobId(),
    status: JobStatusSchema.extract(['pending', 'running']),
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
  })
  .meta({ id: 'EmailValidationJobInProgressOut' });
export type EmailValidationJobInProgressOut = z.infer<typeof EmailValidationJobInProgressOutSchema>;

/** `POST /v1/email-validation/` response (202). */
export const EmailValidationJobAcceptedOutSchema = z
  .object({ success: z.literal(true), job_id: z.string(), message: z.string() })
  .meta({ id: 'EmailValidationJobAcceptedOut' });
export type EmailValidationJobAcceptedOut = z.infer<typeof EmailValidationJobAcceptedOutSchema>;

/** One entry of `GET /v1/email-validation/`. */
export const EmailValidationJobListItemSchema = z
  .object({
    id: jobId(),
    status: JobStatusSchema,
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
    error_message: z.string().nullable(),
    prospect_count: z
      .string()
      .regex(/^(?:0|[1-9]\d*)$/, 'must be a decimal count')
      .meta({ description: 'Addresses submitted, as a decimal string (api.md).' }),
    job_type: JobTypeSchema,
  })
  .meta({ id: 'EmailValidationJobListItem' });
export type EmailValidationJobListItem = z.infer<typeof EmailValidationJobListItemSchema>;

export const EmailValidationJobListOutSchema = z
  .array(EmailValidationJobListItemSchema)
  .meta({ id: 'EmailValidationJobListOut' });
export type EmailValidationJobListOut = z.infer<typeof EmailValidationJobListOutSchema>;
