import { z } from 'zod';
import { JobListQuerySchema, optionalWebhookUrl, progressSchema } from './common.ts';
import { JobStatusSchema, ProspectStatusSchema, VerdictSchema } from './enums.ts';
import { JobTimeSchema } from './time.ts';

/**
 * A bare domain (`acme.com`, `mail.acme.co.uk`, `xn--mnchen-3ya.de`): letters, digits and hyphens in
 * dot-separated labels, no scheme, path, port or trailing dot. The empty string is let through here
 * (it counts as absent); the company rule below then applies.
 */
export const BARE_DOMAIN_PATTERN =
  /^(?:(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|[Xx][Nn]--[A-Za-z0-9-]{1,59}))?$/;

const personName = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(255)
    .meta({ description: `The person's ${what}.` });

const companyFields = {
  company_name: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .meta({ description: 'Company name. At least one of company_name or company_domain; both give the best result.' }),
  company_domain: z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(BARE_DOMAIN_PATTERN, 'must be a bare domain such as acme.com, without scheme or path')
    .nullish()
    .meta({
      description:
        'Company domain without scheme or path, e.g. acme.com. At least one of company_name or company_domain.',
    }),
};

const personShape = {
  first_name: personName('first name'),
  last_name: personName('last name'),
  ...companyFields,
};

/** Null, absent, empty and blank company fields all count as not given. */
function requireCompany(
  person: { company_name?: string | null | undefined; company_domain?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!person.company_name && !person.company_domain) {
    ctx.addIssue({ code: 'custom', path: [], message: 'at least one of company_name or company_domain is required' });
  }
}

/** `POST /v1/email-finder/single/` body (also taken form-encoded or multipart). */
export const EmailFinderInSchema = z
  .object(personShape)
  .strict()
  .superRefine(requireCompany)
  .meta({ id: 'EmailFinderIn' });
export type EmailFinderIn = z.input<typeof EmailFinderInSchema>;

/** One person of a bulk finder job. */
export const EmailFinderProspectInSchema = z
  .object(personShape)
  .strict()
  .superRefine(requireCompany)
  .meta({ id: 'EmailFinderProspectIn' });
export type EmailFinderProspectIn = z.input<typeof EmailFinderProspectInSchema>;

export const MAX_FINDER_PROSPECTS = 10_000;

/** `POST /v1/email-finder/` body. */
export const EmailFinderJobInSchema = z
  .object({
    job_name: z.string().trim().max(255).nullish().meta({ description: 'A name for the job, up to 255 characters.' }),
    webhook_url: optionalWebhookUrl(),
    prospects: z
      .array(EmailFinderProspectInSchema)
      .min(1)
      .max(MAX_FINDER_PROSPECTS)
      .meta({ description: '1 to 10000 people; results come back in this order.' }),
  })
  .strict()
  .meta({ id: 'EmailFinderJobIn' });
export type EmailFinderJobIn = z.input<typeof EmailFinderJobInSchema>;

/** `GET /v1/email-finder/` query. */
export const EmailFinderListQuerySchema = JobListQuerySchema;
export type EmailFinderListQuery = z.output<typeof EmailFinderListQuerySchema>;

/** The result for one person. */
export const EmailFinderProspectOutSchema = z
  .object({
    id: z.string().meta({ description: 'Identifier of the prospect within the job.' }),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string().meta({ description: 'First and last name joined.' }),
    company_name: z.string().nullable().meta({ description: 'As submitted; null when not given.' }),
    company_domain: z.string().nullable().meta({ description: 'As submitted; null when not given.' }),
    found_email: z.string().nullable().meta({ description: 'The email found; null when none was found.' }),
    email_validity: VerdictSchema.nullable().meta({ description: 'Verdict on found_email; null when none was found.' }),
    status: ProspectStatusSchema.meta({ description: 'failed: no email found, or the lookup errored.' }),
    error_message: z.string().nullable().meta({ description: 'Why the prospect failed.' }),
  })
  .meta({ id: 'EmailFinderProspectOut' });
export type EmailFinderProspectOut = z.infer<typeof EmailFinderProspectOutSchema>;

/** `POST /v1/email-finder/single/` response. */
export const EmailFinderOutSchema = z
  .object({
    success: z
      .boolean()
      .meta({ description: 'true when the lookup ran, including when nothing was found; false when it errored.' }),
    job_id: z.string().meta({ description: 'Reference only; there is nothing to poll.' }),
    prospect: EmailFinderProspectOutSchema,
  })
  .meta({ id: 'EmailFinderOut' });
export type EmailFinderOut = z.infer<typeof EmailFinderOutSchema>;

const jobId = () => z.string().meta({ description: 'The job id returned at creation.' });
const jobProgress = () => progressSchema().meta({ description: 'Percentage of prospects finished, 0 to 100.' });

/** `GET /v1/email-finder/{id}/`, 200; also the webhook body. */
export const EmailFinderJobOutSchema = z
  .object({
    id: jobId(),
    status: JobStatusSchema,
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
    error_message: z.string().nullable().meta({
      description: 'Job-level failure; empty (null) when the job did not fail. Prospect failures sit on the prospect.',
    }),
    prospects: z.array(EmailFinderProspectOutSchema).meta({ description: 'One result per person, in order received.' }),
    job_type: z.literal('email_finder'),
  })
  .meta({ id: 'EmailFinderJobOut' });
export type EmailFinderJobOut = z.infer<typeof EmailFinderJobOutSchema>;

/** `GET /v1/email-finder/{id}/`, 202. */
export const EmailFinderJobInProgressOutSchema = z
  .object({
    id: jobId(),
    status: JobStatusSchema.extract(['pending', 'running']).meta({
      description: 'pending while queued, running once started.',
    }),
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
  })
  .meta({ id: 'EmailFinderJobInProgressOut' });
export type EmailFinderJobInProgressOut = z.infer<typeof EmailFinderJobInProgressOutSchema>;

/** `POST /v1/email-finder/`, 202. */
export const EmailFinderJobAcceptedOutSchema = z
  .object({ job_id: z.string(), success: z.literal(true), message: z.string() })
  .meta({ id: 'EmailFinderJobAcceptedOut' });
export type EmailFinderJobAcceptedOut = z.infer<typeof EmailFinderJobAcceptedOutSchema>;

/** One entry of `GET /v1/email-finder/` (decisions.md). */
export const EmailFinderJobListItemSchema = z
  .object({
    id: jobId(),
    job_name: z.string().nullable().meta({ description: 'The name given at creation; null when none was.' }),
    status: JobStatusSchema,
    created_at: JobTimeSchema,
    updated_at: JobTimeSchema,
    progress: jobProgress(),
    error_message: z.string().nullable(),
    prospect_count: z.int().nonnegative().meta({ description: 'People submitted.' }),
    job_type: z.literal('email_finder'),
  })
  .meta({ id: 'EmailFinderJobListItem' });
export type EmailFinderJobListItem = z.infer<typeof EmailFinderJobListItemSchema>;

export const EmailFinderJobListOutSchema = z.array(EmailFinderJobListItemSchema).meta({ id: 'EmailFinderJobListOut' });
export type EmailFinderJobListOut = z.infer<typeof EmailFinderJobListOutSchema>;
