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
