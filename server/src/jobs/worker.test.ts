import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeEachDialect, freshDatabase, type TestDatabase } from '../../test/support/databases.ts';
import { waitUntil } from '../../test/support/wait.ts';
import { ManualClock } from '../core/clock.ts';
import { claimJobs, jobById } from '../store/jobs-repo.ts';
import { migrateToLatest } from '../store/migrate.ts';
import { openStore, type Store, writeTransaction } from '../store/store.ts';
import { JobQueue } from './queue.ts';
import { type JobHandler, PermanentFailure, RetryLater } from './types.ts';
import { Worker } from './worker.ts';

const silent = pino({ level: 'silent' });

describeEachDialect('job worker', (dialect) => {
  let db: TestDatabase;
  let store: Store;
  let clock: ManualClock;
  let queue: JobQueue;
  const workers: Worker[] = [];

  beforeEach(async () => {
    db = await freshDatabase(dialect);
    store = openStore(db.config);
    await migrateToLatest(store);
    clock = new ManualClock(Date.UTC(2026, 10, 1));
    queue = new JobQueue(clock);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await store.close();
    await db.drop();
  });

  const worker = (handlers: JobHandler[], opts: { grace?: number } = {}) => {
    const w = new Worker(store, queue, clock, silent, {
      pollMs: 20,
      shutdownGraceMs: opts.grace ?? 5_000,
      random: () => 1,
    });
    for (const h of handlers) w.register(h);
    workers.push(w);
    return w;
  };
  const enqueue = (kind: string, payload: unknown, extra: { maxAttempts?: number; dedupeKey?: string } = {}) =>
    writeTransaction(store, null, (tx) => queue.enqueue(tx, { kind, payload, ...extra }));
  const job = async (id: string) => (await jobById(store.db, id))!;

  it('runs every job once and marks it done', async () => {
    const seen: number[] = [];
    const w = worker([
      {
        kind: 'count',
        concurrency: 4,
        maxAttempts: 3,
        run: async (ctx) => void seen.push((ctx.payload as { n: number }).n),
      },
    ]);
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueue('count', { n })));
    w.start();
    await waitUntil('all done', async () => (await Promise.all(ids.map(job))).every((j) => j.state === 'done'));
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
    expect((await job(ids[0]!)).attempts).toBe(1);
  });

  it('holds each kind to its concurrency', async () => {
    let running = 0;
    let peak = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const w = worker([
      {
        kind: 'slow',
        concurrency: 2,
        maxAttempts: 1,
        run: async () => {
          running++;
          peak = Math.max(peak, running);
          await gate;
          running--;
        },
      },
    ]);
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => enqueue('slow', { n })));
    w.start();
    await waitUntil('two running', () => running === 2);
    expect((await Promise.all(ids.map(job))).filter((j) => j.state === 'running')).toHaveLength(2);
    release();
    await waitUntil('all done', async () => (await Promise.all(ids.map(job))).every((j) => j.state === 'done'));
    expect(peak).toBe(2);
  });

  it('retries with backoff, keeps the last error, and fails for good after the last attempt', async () => {
    const failures: string[] = [];
    const w = worker([
      {
        kind: 'flaky',
        concurrency: 1,
        maxAttempts: 3,
        run: async (ctx) => {
          throw new Error(`boom ${ctx.attempt}`);
        },
        onFailed: async (_job, error) => void failures.push(error),
      },
    ]);
    const id = await enqueue('flaky', {}, { maxAttempts: 3 });
    w.start();
    await waitUntil('first failure', async () => (await job(id)).last_error === 'boom 1');
    const first = await job(id);
    expect(first.state).toBe('queued');
    expect(first.run_at - clock.now()).toBe(1_000); // base delay, jitter pinned by random() = 1
    clock.advance(1_000);
    queue.wake();
    await waitUntil('second failure', async () => (await job(id)).last_error === 'boom 2');
    expect((await job(id)).run_at - clock.now()).toBe(2_000);
    clock.advance(2_000);
    queue.wake();
    await waitUntil('failed for good', async () => (await job(id)).state === 'failed');
    expect(await job(id)).toMatchObject({ attempts: 3, last_error: 'boom 3' });
    expect(failures).toEqual(['boom 3']);
  });

  it('runs a job again when the handler asks for it later, and stops at once on a permanent failure', async () => {
    const w = worker([
      {
        kind: 'later',
        concurrency: 1,
        maxAttempts: 5,
        run: async (ctx) => {
          if (ctx.attempt === 1) throw new RetryLater(60_000, 'receiver busy');
        },
      },
      {
        kind: 'hopeless',
        concurrency: 1,
        maxAttempts: 5,
        run: async () => {
          throw new PermanentFailure('no such thing');
        },
      },
    ]);
    const later = await enqueue('later', {});
    const hopeless = await enqueue('hopeless', {});
    w.start();
    await waitUntil('rescheduled', async () => (await job(later)).last_error === 'receiver busy');
    expect((await job(later)).run_at).toBe(clock.now() + 60_000);
    await waitUntil('hopeless failed', async () => (await job(hopeless)).state === 'failed');
    expect((await job(hopeless)).attempts).toBe(1);
    clock.advance(60_000);
    queue.wake();
    await waitUntil('later done', async () => (await job(later)).state === 'done');
  });

  it("takes over a dead worker's job when its lease expires, resuming from its checkpoint", async () => {
    const resumedFrom: unknown[] = [];
    const id = await enqueue('resumable', {});
    // A worker that claimed the job, saved a checkpoint, and died.
    const [claimed] = await writeTransaction(store, null, (tx) =>
      claimJobs(tx, store.caps, {
        kinds: ['resumable'],
        limit: 1,
        owner: 'dead-worker',
        now: clock.now(),
        leaseMs: 10_000,
      }),
    );
    expect(claimed?.id).toBe(id);
    await store.db
      .updateTable('jobs')
      .set({ checkpoint: JSON.stringify({ next: 7 }) })
      .where('id', '=', id)
      .execute();

    const w = worker([
      { kind: 'resumable', concurrency: 1, maxAttempts: 3, run: async (ctx) => void resumedFrom.push(ctx.checkpoint) },
    ]);
    w.start();
    // Not claimable by anyone before the lease expires...
    const early = await writeTransaction(store, null, (tx) =>
      claimJobs(tx, store.caps, {
        kinds: ['resumable'],
        limit: 1,
        owner: 'other',
        now: clock.now() + 9_999,
        leaseMs: 1,
      }),
    );
    expect(early).toEqual([]);
    clock.advance(10_001);
    queue.wake();
    await waitUntil('taken over', async () => (await job(id)).state === 'done');
    expect(resumedFrom).toEqual([{ next: 7 }]);
    expect((await job(id)).attempts).toBe(2);
  });

  it('refuses the writes of a worker that lost its lease', async () => {
    let proceed!: () => void;
    const wait = new Promise<void>((r) => {
      proceed = r;
    });
    let outcome = '';
    const w = worker([
      {
        kind: 'fenced',
        concurrency: 1,
        maxAttempts: 3,
        leaseMs: 60_000,
        run: async (ctx) => {
          await wait;
          outcome = await ctx.fenced(async () => 'written').catch((e: Error) => e.name);
          if (outcome !== 'written') throw new Error(outcome);
        },
      },
    ]);
    const id = await enqueue('fenced', {});
    w.start();
    await waitUntil('running', async () => (await job(id)).state === 'running');
    // Another worker takes the job over (as after a lease expiry).
    await store.db.updateTable('jobs').set({ lease_owner: 'someone-else' }).where('id', '=', id).execute();
    proceed();
    await waitUntil('refused', () => outcome !== '');
    expect(outcome).toBe('LeaseLost');
    expect((await job(id)).lease_owner).toBe('someone-else');
  });

  it('creates a job only with the transaction that enqueued it, and once per dedupe key', async () => {
    await expect(
      writeTransaction(store, null, async (tx) => {
        await queue.enqueue(tx, { kind: 'x', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await store.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    const a = await enqueue('x', { n: 1 }, { dedupeKey: 'once' });
    const b = await enqueue('x', { n: 2 }, { dedupeKey: 'once' });
    expect(b).toBe(a);
    expect(await store.db.selectFrom('jobs').selectAll().execute()).toHaveLength(1);
  });

  it('on stop, lets short jobs finish and gives long ones back without charging an attempt', async () => {
    let quickDone = false;
    const w = worker(
      [
        {
          kind: 'quick',
          concurrency: 1,
          maxAttempts: 3,
          run: async () => {
            await new Promise((r) => setTimeout(r, 50));
            quickDone = true;
          },
        },
        {
          kind: 'endless',
          concurrency: 1,
          maxAttempts: 3,
          run: (ctx) =>
            new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason))),
        },
      ],
      { grace: 300 },
    );
    const quick = await enqueue('quick', {});
    const endless = await enqueue('endless', {});
    w.start();
    await waitUntil(
      'both running',
      async () => (await job(quick)).state === 'running' && (await job(endless)).state === 'running',
    );
    await w.stop();
    expect(quickDone).toBe(true);
    expect((await job(quick)).state).toBe('done');
    expect(await job(endless)).toMatchObject({ state: 'queued', attempts: 0, lease_owner: null });
  });
});
