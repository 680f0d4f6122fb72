import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../core/clock.ts';
import {
  claimJobs,
  completeJob,
  failJob,
  holdsLease,
  type JobRow,
  releaseJob,
  retryJob,
  saveCheckpoint,
} from '../store/jobs-repo.ts';
import type { DB } from '../store/schema.ts';
import { type Store, writeTransaction } from '../store/store.ts';
import { backoffDelay } from './backoff.ts';
import { leaseKeeper } from './lease.ts';
import type { JobQueue } from './queue.ts';
import { sweepExpired } from './sweep.ts';
import { type JobContext, type JobHandler, LeaseLost, PermanentFailure, RetryLater } from './types.ts';

export interface WorkerOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** On stop: how long jobs in flight may take to finish before they are given back. */
  shutdownGraceMs: number;
  defaultLeaseMs?: number;
  retryBaseMs?: number;
  retryCapMs?: number;
  random?: () => number;
}

class Shutdown extends Error {}

interface InFlight {
  kind: string;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Claims jobs of the registered kinds and runs them, each kind within its own concurrency limit.
 * Many workers (in many processes) can share one database: claims never overlap, a dead worker's
 * jobs come back when their lease expires, and every state change is fenced by the lease.
 */
export class Worker {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly inFlight = new Map<string, InFlight>();
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private lastSweep = 0;

  constructor(
    private readonly store: Store,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly opts: WorkerOptions,
  ) {}

  register<P, C>(handler: JobHandler<P, C>): this {
    this.handlers.set(handler.kind, handler as unknown as JobHandler);
    return this;
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = this.queue.onEnqueue(() => this.wakeUp?.());
    this.loop = this.run();
  }

  /** Stops claiming, lets jobs in flight finish within the grace period, then gives the rest back. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unsubscribe?.();
    this.wakeUp?.();
    await this.loop;
    const all = () => Promise.all([...this.inFlight.values()].map((f) => f.done));
    const graceOver = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), this.opts.shutdownGraceMs).unref());
    if ((await Promise.race([all().then(() => 'done' as const), graceOver])) === 'timeout') {
      for (const f of this.inFlight.values()) f.controller.abort(new Shutdown('worker shutting down'));
      await all();
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.claimAndStart();
        if (this.clock.now() - this.lastSweep > 5_000) {
          this.lastSweep = this.clock.now();
          await sweepExpired(this.store, this.handlers, this.clock, this.log);
        }
      } catch (err) {
        this.log.error({ err }, 'job claim failed; retrying');
      }
      // Busy: look again at once. Idle: wait for a poll tick, a new local job, or a freed slot.
      if (claimed === 0 && this.running) {
        await new Promise<void>((r) => {
          const t = setTimeout(r, this.opts.pollMs);
          this.wakeUp = () => {
            clearTimeout(t);
            r();
          };
        });
        this.wakeUp = null;
      }
    }
  }

  private async claimAndStart(): Promise<number> {
    let total = 0;
    for (const handler of this.handlers.values()) {
      const busy = [...this.inFlight.values()].filter((f) => f.kind === handler.kind).length;
      const free = handler.concurrency - busy;
      if (free <= 0 || !this.running) continue;
      const leaseMs = this.leaseMs(handler);
      const jobs = await writeTransaction(this.store, null, (tx) =>
        claimJobs(tx, this.store.caps, {
          kinds: [handler.kind],
          limit: free,
          owner: this.owner,
          now: this.clock.now(),
          leaseMs,
        }),
      );
      for (const job of jobs) this.execute(handler, job);
      total += jobs.length;
    }
    return total;
  }

  private leaseMs(handler: JobHandler): number {
    return handler.leaseMs ?? this.opts.defaultLeaseMs ?? 30_000;
  }

  private execute(handler: JobHandler, job: JobRow): void {
    const controller = new AbortController();
    // A job's work listens on its signal from many places at once (each of a finder run's
    // concurrent verifier runs while it waits): not a leak, so no warning on stderr.
    setMaxListeners(0, controller.signal);
    const leaseMs = this.leaseMs(handler);
    const stopRenewing = leaseKeeper(this.store, job.id, this.owner, leaseMs, this.clock, controller);
    const done = this.runHandler(handler, job, controller, leaseMs)
      .catch((err) => this.log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
      .finally(() => {
        stopRenewing();
        this.inFlight.delete(job.id);
        this.wakeUp?.();
      });
    this.inFlight.set(job.id, { kind: handler.kind, controller, done });
  }

  private async runHandler(handler: JobHandler, job: JobRow, controller: AbortController, leaseMs: number) {
    const db = this.store.db;
    const now = () => this.clock.now();
    const ctx: JobContext = {
      job,
      payload: JSON.parse(job.payload),
      attempt: job.attempts,
      checkpoint: job.checkpoint === null ? null : JSON.parse(job.checkpoint),
      signal: controller.signal,
      saveCheckpoint: async (checkpoint) => {
        if (!(await saveCheckpoint(db, job.id, this.owner, JSON.stringify(checkpoint), now() + leaseMs, now()))) {
          throw new LeaseLost(job.id);
        }
      },
      fenced: (fn) => this.fenced(job, fn),
    };
    try {
      await handler.run(ctx);
      if (!(await completeJob(db, job.id, this.owner, now()))) throw new LeaseLost(job.id);
      return;
    } catch (err) {
      const reason = controller.signal.reason;
      if (reason instanceof Shutdown) {
        await releaseJob(db, job.id, this.owner, now());
        return;
      }
      if (err instanceof LeaseLost || reason instanceof LeaseLost) {
        this.log.warn({ jobId: job.id }, 'lost the lease; another worker has the job');
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempts >= job.max_attempts || err instanceof PermanentFailure;
      if (last) {
        if (await failJob(db, job.id, this.owner, message, now())) await handler.onFailed?.(job, message);
        this.log.warn({ jobId: job.id, kind: job.kind, err: message }, 'job failed for good');
        return;
      }
      const delay =
        err instanceof RetryLater
          ? err.delayMs
          : backoffDelay(
              job.attempts,
              { baseMs: this.opts.retryBaseMs ?? 1_000, capMs: this.opts.retryCapMs ?? 600_000 },
              this.opts.random,
            );
      await retryJob(db, job.id, this.owner, now() + delay, message, now());
    }
  }

  /** A transaction that commits only while this worker owns the job (the job row is locked for it). */
  private fenced<T>(job: JobRow, fn: (tx: Kysely<DB>) => Promise<T>): Promise<T> {
    return writeTransaction(this.store, null, async (tx) => {
      if (!(await holdsLease(tx, this.store.caps, job.id, this.owner))) throw new LeaseLost(job.id);
      return fn(tx);
    });
  }
}
