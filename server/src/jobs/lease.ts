import type { Clock } from '../core/clock.ts';
import { renewLease } from '../store/jobs-repo.ts';
import type { Store } from '../store/store.ts';
import { LeaseLost } from './types.ts';

/**
 * Renews a job's lease at a third of its length while the handler runs. When a renewal finds the
 * job owned by someone else, the handler's signal is aborted with LeaseLost. Returns the stopper.
 */
export function leaseKeeper(
  store: Store,
  jobId: string,
  owner: string,
  leaseMs: number,
  clock: Clock,
  controller: AbortController,
): () => void {
  const timer = setInterval(
    () => {
      renewLease(store.db, jobId, owner, clock.now() + leaseMs, clock.now()).then(
        (held) => {
          if (!held && !controller.signal.aborted) controller.abort(new LeaseLost(jobId));
        },
        () => {}, // a failed renewal is retried at the next tick; the lease outlives two misses
      );
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}
