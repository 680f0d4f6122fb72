import { formatJobTime } from '../../../lib/contract/time.ts';

/**
 * What the email validation and email finder jobs show alike while they run: both are a list of
 * prospects done one by one, with the same states and the same in-progress shape (api.md).
 */
export interface EmailJobProgressRow {
  id: string;
  status: 'pending' | 'running' | 'complete' | 'failed';
  done_count: number;
  prospect_count: number;
  created_at: number;
  updated_at: number;
}

export const isFinished = (job: Pick<EmailJobProgressRow, 'status'>): boolean =>
  job.status === 'complete' || job.status === 'failed';

/** 0..100; 100 only once the job is finished, so a client never sees 100 on a 202. */
export function progressOf(job: Pick<EmailJobProgressRow, 'status' | 'done_count' | 'prospect_count'>): number {
  if (isFinished(job)) return 100;
  if (job.prospect_count === 0) return 0;
  return Math.min(99, Math.floor((job.done_count * 100) / job.prospect_count));
}

/** The 202 body of a job's retrieve endpoint while it is pending or running. */
export function inProgressView(job: EmailJobProgressRow) {
  return {
    id: job.id,
    status: job.status === 'pending' ? ('pending' as const) : ('running' as const),
    created_at: formatJobTime(new Date(job.created_at)),
    updated_at: formatJobTime(new Date(job.updated_at)),
    progress: progressOf(job),
  };
}

/** Prospects read per page when a finished job's body is written out. */
const BODY_PAGE = 2000;

/**
 * A finished job's body (the retrieve endpoint's 200 and the webhook's payload) as JSON text in
 * pieces: the job's fields, then its prospects a page at a time, each page rendered by the job's
 * kind, then `job_type`. A job of 100,000 prospects is never 100,000 objects in memory, and the
 * API streams it without holding the whole body.
 */
export async function* emailJobBody<P extends { position: number }>(
  job: EmailJobProgressRow & { error_message: string | null },
  jobType: 'email_finder' | 'email_validation',
  page: (from: number, size: number) => Promise<P[]>,
  render: (prospect: P) => string,
): AsyncGenerator<string> {
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
    const rows = await page(from, BODY_PAGE);
    if (rows.length > 0) yield `${first ? '' : ','}${rows.map(render).join(',')}`;
    first &&= rows.length === 0;
    if (rows.length < BODY_PAGE) break;
    from = (rows.at(-1)?.position ?? from) + 1;
  }
  yield `],"job_type":"${jobType}"}`;
}
