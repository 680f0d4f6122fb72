import type { Kysely } from 'kysely';
import type { JobRow } from '../store/jobs-repo.ts';
import type { DB } from '../store/schema.ts';

/** What a handler sees of the job it runs. */
export interface JobContext<P = unknown, C = unknown> {
  readonly job: JobRow;
  readonly payload: P;
  /** 1 for the first attempt. */
  readonly attempt: number;
  /** The last checkpoint saved, when this attempt resumes an earlier one. */
  readonly checkpoint: C | null;
  /** Aborted when the lease is lost or the worker shuts down: stop at the next safe point. */
  readonly signal: AbortSignal;
  /** Saves a resume point (and renews the lease). Throws LeaseLost when another worker owns the job now. */
  saveCheckpoint(checkpoint: C): Promise<void>;
  /** Runs `fn` in a transaction that commits only while this worker still owns the job. */
  fenced<T>(fn: (tx: Kysely<DB>) => Promise<T>): Promise<T>;
}

export interface JobHandler<P = unknown, C = unknown> {
  readonly kind: string;
  /** Jobs of this kind one worker process runs at once. */
  readonly concurrency: number;
  /** Attempts before the job is marked failed. */
  readonly maxAttempts: number;
  /** How long a claim holds without renewal; renewed at a third of it while the handler runs. */
  readonly leaseMs?: number;
  run(ctx: JobContext<P, C>): Promise<void>;
  /** Called once when the job has failed for good (out of attempts), to record the failure. */
  onFailed?(job: JobRow, error: string): Promise<void>;
}

/** Thrown by a handler to be run again at a time of its choosing (e.g. a webhook's retry schedule). */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLater';
  }
}

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PermanentFailure';
  }
}

/** The worker no longer owns the job (its lease expired and another worker took it). */
export class LeaseLost extends Error {
  constructor(jobId: string) {
    super(`lost the lease on job ${jobId}`);
    this.name = 'LeaseLost';
  }
}
