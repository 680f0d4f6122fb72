import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
import { exhaustedExpiredJobs, failExpiredJob } from '../store/jobs-repo.ts';
import type { Store } from '../store/store.ts';
import type { JobHandler } from './types.ts';

/**
 * A job whose worker died during its last attempt can never be claimed again; mark it failed (once:
 * the update is conditional) and let its handler record the failure.
 */
export async function sweepExpired(
  store: Store,
  handlers: Map<string, JobHandler>,
  clock: Clock,
  log: Logger,
): Promise<void> {
  const now = clock.now();
  for (const job of await exhaustedExpiredJobs(store.db, [...handlers.keys()], now, 100)) {
    const error = 'the worker stopped during the last attempt';
    if (await failExpiredJob(store.db, job.id, error, now)) {
      log.warn({ jobId: job.id, kind: job.kind }, error);
      await handlers.get(job.kind)?.onFailed?.(job, error);
    }
  }
}
