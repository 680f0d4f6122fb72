/**
 * The life of a bulk email job (validation or finder), which both share: a job row with prospects
 * as its checkpoint. Pending becomes running; the prospects still pending are worked on; the final
 * state (and the webhook) is one fenced transaction; a job out of attempts is recorded failed, its
 * pending prospects with it. Only the work and the final bookkeeping differ by kind.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.ts';
import type { DB } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { type JobContext, type JobHandler, PermanentFailure } from './types.ts';

export interface ProspectJobPayload {
  jobId: string;
}

interface ProspectJobRow {
  id: string;
  status: 'pending' | 'running' | 'complete' | 'failed';
}

export interface ProspectJobSpec<J extends ProspectJobRow, T, C> {
  kind: string;
  /** How the job is named in an error ("email finder job"). */
  what: string;
  store: Store;
  clock: Clock;
  byId(db: Kysely<DB>, id: string): Promise<J | undefined>;
  markRunning(tx: Kysely<DB>, id: string, now: number): Promise<unknown>;
  pending(db: Kysely<DB>, id: string): Promise<T[]>;
  work(ctx: JobContext<ProspectJobPayload, C>, job: J, todo: T[]): Promise<void>;
  /** The final state: complete when `error` is null, failed otherwise. */
  finish(tx: Kysely<DB>, job: J, error: string | null): Promise<unknown>;
}

export function prospectJobHandler<J extends ProspectJobRow, T, C>(
  spec: ProspectJobSpec<J, T, C>,
): JobHandler<ProspectJobPayload, C> {
  const ended = (job: J) => job.status === 'complete' || job.status === 'failed';
  return {
    kind: spec.kind,
    concurrency: 2,
    maxAttempts: 5,
    async run(ctx) {
      const job = await spec.byId(spec.store.db, ctx.payload.jobId);
      if (!job) throw new PermanentFailure(`no ${spec.what} ${ctx.payload.jobId}`);
      if (ended(job)) return;
      if (job.status === 'pending') await ctx.fenced((tx) => spec.markRunning(tx, job.id, spec.clock.now()));
      const todo = await spec.pending(spec.store.db, job.id);
      if (todo.length > 0) await spec.work(ctx, job, todo);
      await ctx.fenced((tx) => spec.finish(tx, job, null));
    },
    async onFailed(row, error) {
      const { jobId } = JSON.parse(row.payload) as ProspectJobPayload;
      await writeTransaction(spec.store, null, async (tx) => {
        const job = await spec.byId(tx, jobId);
        if (!job || ended(job)) return;
        await spec.finish(tx, job, `the job could not finish: ${error}`);
      });
    },
  };
}
