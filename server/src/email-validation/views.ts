import type { Kysely } from 'kysely';
import type { EmailValidationJobListItem } from '../../../lib/contract/email-validation.ts';
import { formatJobTime } from '../../../lib/contract/time.ts';
import { progressOf } from '../jobs/email-job-views.ts';
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

const PAGE = 2000;

/**
 * The finished job's body (EmailValidationJobOut), the retrieve endpoint's 200 and the webhook's
 * payload, as JSON text in pieces: a page of prospects at a time, each prospect's stored `details`
 * JSON copied in as it is. A job of 100 000 addresses is never 100 000 parsed objects in memory, and
 * the API streams it without holding the whole body.
 */
export async function* jobBodyChunks(db: Kysely<DB>, job: EmailValidationJobRow): AsyncGenerator<string> {
  const head = JSON.stringify({
    id: job.id,
    status: job.status,
    created_at: formatJobTime(new Date(job.created_at)),
    updated_at: formatJobTime(new Date(job.updated_at)),
    progress: progressOf(job),
    error_message: job.error_message,
  });
  yield `${head.slice(0, -1)},"prospects":[`;
  let first = true;
  for (let from = 0; ; ) {
    const rows = await prospectsPage(db, job.id, from, PAGE);
    const parts: string[] = [];
    for (const p of rows) {
      const fields = JSON.stringify({
        id: p.id,
        email: p.email,
        email_validity: p.email_validity,
        status: p.status,
        error_message: p.error_message,
      });
      parts.push(p.details ? `${fields.slice(0, -1)},"details":${p.details}}` : fields);
    }
    if (parts.length > 0) yield `${first ? '' : ','}${parts.join(',')}`;
    first &&= parts.length === 0;
    if (rows.length < PAGE) break;
    from = (rows.at(-1)?.position ?? from) + 1;
  }
  yield '],"job_type":"email_validation"}';
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
