import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { jobById } from '../../src/store/jobs-repo.ts';
import { writeTransaction } from '../../src/store/store.ts';
import { freshPostgres, freshSqlite, postgresIsUp, type TestDatabase } from '../support/databases.ts';
import { childEnv, RunningProcess } from '../support/processes.ts';
import { waitUntil } from '../support/wait.ts';

const WORKER = resolve(import.meta.dirname, '../support/crash-worker.ts');
const ITEMS = 30;

function startWorker(env: Record<string, string>): RunningProcess {
  return new RunningProcess(spawn(process.execPath, ['--import', 'tsx', WORKER], { env: childEnv(env) }));
}

async function setUp(db: TestDatabase) {
  const env = { DATABASE_URL: db.url, LEADFORGE_SECRET_KEY: 'ef'.repeat(32) };
  const app = await createApp(loadConfig(env));
  const account = await app.accounts.create(`crash-${Date.now()}`);
  await app.credits.grant(account.id, 1000, 'grant');
  const enqueue = () =>
    writeTransaction(app.store, null, (tx) =>
      app.queue.enqueue(tx, {
        kind: 'test.count',
        payload: { accountId: account.id, items: ITEMS, itemMs: 20 },
        maxAttempts: 5,
      }),
    );
  return { env, app, account, enqueue };
}

/** Each item charged exactly once, under its own key; one webhook message; the job done. */
async function expectExactlyOnce(app: App, accountId: string, jobIds: string[]) {
  for (const id of jobIds) {
    expect((await jobById(app.store.db, id))?.state).toBe('done');
    const charges = await app.store.db
      .selectFrom('credit_entries')
      .select('idempotency_key')
      .where('account_id', '=', accountId)
      .where('idempotency_key', 'like', `job:${id}:item:%`)
      .execute();
    expect(charges.map((c) => c.idempotency_key).sort()).toEqual(
      Array.from({ length: ITEMS }, (_, i) => `job:${id}:item:${i}`).sort(),
    );
    const messages = await app.store.db.selectFrom('webhook_messages').select('id').where('job_id', '=', id).execute();
    expect(messages).toHaveLength(1);
  }
  expect((await app.credits.balance(accountId)).available).toBe(1000 - ITEMS * jobIds.length);
}

const progressOf = async (app: App, id: string) => {
  const job = await jobById(app.store.db, id);
  return job?.checkpoint ? (JSON.parse(job.checkpoint) as { next: number }).next : 0;
};

describe('a worker killed with SIGKILL in the middle of a job', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('on SQLite: the job resumes in the next worker and finishes exactly once', async () => {
    const db = freshSqlite();
    const { env, app, account, enqueue } = await setUp(db);
    cleanups.push(
      () => db.drop(),
      () => app.close(),
    );
    const jobId = await enqueue();

    const first = startWorker(env);
    cleanups.push(() => first.stop('SIGKILL'));
    await waitUntil('a third of the items done', async () => (await progressOf(app, jobId)) >= ITEMS / 3);
    await first.stop('SIGKILL');
    const doneAtKill = await progressOf(app, jobId);
    expect(doneAtKill).toBeLessThan(ITEMS);

    const second = startWorker(env);
    cleanups.push(() => second.stop('SIGKILL'));
    await waitUntil('job done', async () => (await jobById(app.store.db, jobId))?.state === 'done', 30_000);
    expect((await jobById(app.store.db, jobId))?.attempts).toBe(2);
    await expectExactlyOnce(app, account.id, [jobId]);
  });

  it.skipIf(!postgresIsUp)(
    'on PostgreSQL with two workers: the survivor takes over and every job finishes exactly once',
    async () => {
      const db = await freshPostgres();
      const { env, app, account, enqueue } = await setUp(db);
      cleanups.push(
        () => db.drop(),
        () => app.close(),
      );
      const jobIds = await Promise.all([1, 2, 3, 4, 5, 6].map(() => enqueue()));

      const a = startWorker(env);
      const b = startWorker(env);
      cleanups.push(
        () => a.stop('SIGKILL'),
        () => b.stop('SIGKILL'),
      );
      const ownerA = (await a.waitFor(/worker ready (\S+)/))[1];
      await b.waitFor(/worker ready/);
      // Kill A once it is in the middle of a job of its own.
      const victim = await waitUntil('worker A mid-job', async () => {
        for (const id of jobIds) {
          const job = await jobById(app.store.db, id);
          if (job?.lease_owner === ownerA && (await progressOf(app, id)) >= 3) return id;
        }
        return null;
      });
      await a.stop('SIGKILL');
      expect(await progressOf(app, victim)).toBeLessThan(ITEMS);

      await waitUntil(
        'all jobs done',
        async () => {
          const jobs = await Promise.all(jobIds.map((id) => jobById(app.store.db, id)));
          return jobs.every((j) => j?.state === 'done');
        },
        60_000,
      );
      expect((await jobById(app.store.db, victim))?.attempts).toBe(2);
      await expectExactlyOnce(app, account.id, jobIds);
    },
  );
});
