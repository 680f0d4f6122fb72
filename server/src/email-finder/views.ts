import type { Kysely } from 'kysely';
import type { EmailFinderJobListItem, EmailFinderProspectOut } from '../../../lib/contract/email-finder.ts';
import { formatJobTime } from '../../../lib/contract/time.ts';
import { emailJobBody, progressOf } from '../jobs/email-job-views.ts';
import {
  type EmailFinderJobRow,
  type EmailFinderProspectRow,
  finderProspectsPage,
} from '../store/email-finder-repo.ts';
import type { DB } from '../store/schema.ts';

export { inProgressView, isFinished } from '../jobs/email-job-views.ts';

export function listItemView(job: EmailFinderJobRow): EmailFinderJobListItem {
  return {
    id: job.id,
    job_name: job.job_name,
    status: job.status,
    created_at: formatJobTime(new Date(job.created_at)),
    updated_at: formatJobTime(new Date(job.updated_at)),
    progress: progressOf(job),
    error_message: job.error_message,
    prospect_count: job.prospect_count,
    job_type: 'email_finder',
  };
}

/** A person as submitted, with the result fields (`full_name`: first and last joined). */
export function prospectView(
  p: Pick<
    EmailFinderProspectRow,
    | 'id'
    | 'first_name'
    | 'last_name'
    | 'company_name'
    | 'company_domain'
    | 'found_email'
    | 'email_validity'
    | 'status'
    | 'error_message'
  >,
): EmailFinderProspectOut {
  return {
    id: p.id,
    first_name: p.first_name,
    last_name: p.last_name,
    full_name: `${p.first_name} ${p.last_name}`,
    company_name: p.company_name,
    company_domain: p.company_domain,
    found_email: p.found_email,
    email_validity: p.email_validity as EmailFinderProspectOut['email_validity'],
    status: p.status,
    error_message: p.error_message,
  };
}

/** The finished job's body (EmailFinderJobOut), the retrieve endpoint's 200 and the webhook's payload, in pieces. */
export function jobBodyChunks(db: Kysely<DB>, job: EmailFinderJobRow): AsyncGenerator<string> {
  return emailJobBody(
    job,
    'email_finder',
    (from, size) => finderProspectsPage(db, job.id, from, size),
    (p) => JSON.stringify(prospectView(p)),
  );
}

/** The whole body as one string (the webhook's payload, stored in the outbox). */
export async function jobBodyJson(db: Kysely<DB>, job: EmailFinderJobRow): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of jobBodyChunks(db, job)) chunks.push(chunk);
  return chunks.join('');
}
