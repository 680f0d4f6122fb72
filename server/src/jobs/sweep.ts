import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
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
  const stuck = await store.db
    .selectFrom('jobs')
    .selectAll()
    .where('state', '=', 'running')
    .where('lease_expires_at', '<', now)
    .whereRef('attempts', '>=', 'max_attempts')
    .where('kind', 'in', [...handlers.keys()])
    .limit(100)
    .execute();
  for (const job of stuck) {
    const error = 'the worker stopped during the last attempt';
    const r = await store.db
      .updateTable('jobs')
      .set({
        state: 'failed',
        lease_owner: null,
        lease_expires_at: null,
        last_error: error,
        finished_at: now,
        updated_at: now,
      })
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('lease_expires_at', '<', now)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 1) {
      log.warn({ jobId: job.id, kind: job.kind }, error);
      await handlers.get(job.kind)?.onFailed?.(job, error);
    }
  }
}
