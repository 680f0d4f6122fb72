import type { Kysely } from 'kysely';
import type { Clock } from '../core/clock.ts';
import { newId } from '../core/ids.ts';
import { insertJob } from '../store/jobs-repo.ts';
import type { DB } from '../store/schema.ts';

export interface EnqueueSpec {
  kind: string;
  payload: unknown;
  accountId?: string | null;
  /** When it may run (epoch ms); now by default. */
  runAt?: number;
  maxAttempts?: number;
  /** Enqueuing the same key again creates nothing and returns the first job's id. */
  dedupeKey?: string;
}

/**
 * Puts jobs on the queue. `enqueue` takes the caller's transaction, so a job exists exactly when the
 * state change that needs it committed. Local workers are woken at once; workers in other processes
 * find the job at their next poll.
 */
export class JobQueue {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  async enqueue(tx: Kysely<DB>, spec: EnqueueSpec): Promise<string> {
    const now = this.clock.now();
    const id = await insertJob(tx, {
      id: newId(),
      kind: spec.kind,
      account_id: spec.accountId ?? null,
      payload: JSON.stringify(spec.payload ?? null),
      state: 'queued',
      run_at: spec.runAt ?? now,
      attempts: 0,
      max_attempts: spec.maxAttempts ?? 5,
      lease_owner: null,
      lease_expires_at: null,
      checkpoint: null,
      last_error: null,
      dedupe_key: spec.dedupeKey ?? null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    });
    // After the caller's commit would be better still; a wake before it just finds nothing yet.
    queueMicrotask(() => this.wake());
    return id;
  }

  /** Called by a worker in this process to hear of new jobs. */
  onEnqueue(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  wake(): void {
    for (const l of this.listeners) l();
  }
}
