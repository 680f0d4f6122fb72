import type { Kysely } from 'kysely';
import type { EmailValidationJobListItem } from '../../../lib/contract/email-validation.ts';
import { formatJobTime } from '../../../lib/contract/time.ts';
import { emailJobBody, progressOf } from '../jobs/email-job-views.ts';
import { type EmailValidationJobRow, prospectsPage, validationJobById } from '../store/email-validation-repo.ts';
import type { DB } from '../store/schema.ts';
import type { VerificationResult } from '../verify/index.ts';

export { inProgressView, isFinished } from '../jobs/email-job-views.ts';

export function listItemView(job: EmailValidationJobRow): EmailValidationJobListItem {
  return {
    id: job.id,
    status: job.status,
    created_at: formatJobTime(new Date(job.created_at)),
    updated_at: formatJobTime(new Date(job.updated_at)),
    progress: progressOf(job),
    error_message: job.error_message,
    prospect_count: String(job.prospect_count),
    job_type: 'email_validation',
  };
}

/** A prospect's `details` (beyond the spec): the engine's stage results, and the reasons for the verdict. */
export const detailsOf = (result: VerificationResult) => ({ ...result.details, reasons: result.reasons });

/**
 * The finished job's body (EmailValidationJobOut), the retrieve endpoint's 200 and the webhook's
 * payload, in pieces; each prospect's stored `details` JSON is copied in as it is, never parsed.
 */
export function jobBodyChunks(db: Kysely<DB>, job: EmailValidationJobRow): AsyncGenerator<string> {
  return emailJobBody(
    job,
    'email_validation',
    (from, size) => prospectsPage(db, job.id, from, size),
    (p) => {
      const fields = JSON.stringify({
        id: p.id,
        email: p.email,
        email_validity: p.email_validity,
        status: p.status,
        error_message: p.error_message,
      });
      return p.details ? `${fields.slice(0, -1)},"details":${p.details}}` : fields;
    },
  );
}

/**
 * The webhook's body source (`email_validation:<job id>`): the finished job's body, rendered at
 * delivery rather than stored in the outbox, since a finished job no longer changes.
 */
export async function* emailValidationBodySource(db: Kysely<DB>, jobId: string): AsyncGenerator<string> {
  const job = await validationJobById(db, jobId);
  if (!job) throw new Error(`no email validation job ${jobId} to render a webhook body from`);
  yield* jobBodyChunks(db, job);
}
