import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { JobQueue } from '../../src/jobs/queue.ts';
import { RecurringScheduler } from '../../src/recurring/scheduler.ts';
import { dueSchedules } from '../../src/store/recurring-repo.ts';
import type { TestApp } from '../support/app.ts';
import { describeEachDialect, freshDatabase } from '../support/databases.ts';
import { L, SENIOR_OR_CXO } from '../support/extractions.ts';
import { childEnv, RunningProcess } from '../support/processes.ts';
import { expectRunsMatchWorld, RECURRING_WORLDS } from '../support/recurring.ts';
import { sandboxSession } from '../support/sales-tool.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

const WORKER = resolve(import.meta.dirname, '../support/scheduler-worker.ts');
const DAY = 86_400_000;

describeEachDialect('recurring runs with racing and crashing schedulers', (dialect) => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** The service in this process (no worker of its own), on a fresh database and data directory. */
  async function service() {
    const db = await freshDatabase(dialect);
    const dataDir = mkdtempSync(join(tmpdir(), 'leadforge-race-'));
    const env = {
      DATABASE_URL: db.url,
      LEADFORGE_SECRET_KEY: 'ef'.repeat(32),
      LEADFORGE_DATA_DIR: dataDir,
      LEADFORGE_SANDBOX_SALESTOOL_PORT: '0',
      ...FAST_SANDBOX_ENV,
    };
    const app = await createApp(loadConfig(env), { worlds: RECURRING_WORLDS });
    cleanups.push(
      () => rmSync(dataDir, { recursive: true, force: true }),
      () => db.drop(),
      () => app.close(),
    );
    const account = await app.accounts.create(`race-${Date.now()}`);
    await app.credits.grant(account.id, 100_000, 'grant');
    const auth = { accountId: account.id, keyId: '', mode: 'test' as const };
    await app.seats.connect(auth, await sandboxSession(app));
    return { app, auth, env };
  }

  it('five schedulers claiming the same due run at once fire it once; a tick that dies before its commit fires nothing', async () => {
    const { app, auth } = await service();
    const s = await app.recurring.create(auth, { url: SENIOR_OR_CXO, frequency: 'daily' });
    await app.worldTime.advance(DAY);
    const now = await app.worldTime.now('test');

    // A scheduler whose job queue fails: the claim, the run and its job are one transaction, all undone.
    const broken = new JobQueue(app.clock);
    broken.enqueue = async () => {
      throw new Error('crash between the claim and the job');
    };
    const dying = new RecurringScheduler({ ...app, queue: broken });
    const [due] = await dueSchedules(app.store.db, 'test', now, 10);
    if (!due) throw new Error('the schedule is not due');
    await expect(dying.due(due, now)).rejects.toThrow('crash between the claim and the job');
    expect((await app.recurring.get(auth.accountId, s.schedule_id)).next_run_at).toBe(s.next_run_at);
    expect(
      await app.store.db.selectFrom('extractions').select('id').where('schedule_id', '=', s.schedule_id).execute(),
    ).toEqual([]);

    const schedulers = Array.from({ length: 5 }, () => new RecurringScheduler(app));
    const outcomes = await Promise.all(schedulers.map((x) => x.due(due, now)));
    expect(outcomes.sort()).toEqual(['fired', 'lost', 'lost', 'lost', 'lost']);
    const after = await app.recurring.get(auth.accountId, s.schedule_id);
    expect(after.run_ids).toHaveLength(1);
    expect(await dueSchedules(app.store.db, 'test', now, 10)).toEqual([]);
  });

  it('two scheduler processes ticking every 20 ms over three weeks of daily runs, one killed and replaced midway: each run fires once, nothing is lost', async () => {
    const { app, auth, env } = await service();
    const ids = [
      (await app.recurring.create(auth, { url: SENIOR_OR_CXO, frequency: 'daily' })).schedule_id,
      (await app.recurring.create(auth, { url: `${L}/sales/search/people`, frequency: 'daily' })).schedule_id,
    ];
    const start = () => {
      const p = new RunningProcess(
        spawn(process.execPath, ['--import', 'tsx', WORKER], { env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      cleanups.push(() => p.stop('SIGKILL'));
      return p;
    };
    let workers = [start(), start()];
    await Promise.all(workers.map((w) => w.waitFor(/scheduler ready/)));

    const runs = async () =>
      app.store.db
        .selectFrom('extractions')
        .select(['id', 'status', 'schedule_id'])
        .where('schedule_id', 'in', ids)
        .execute();
    for (let day = 1; day <= 21; day++) {
      await app.worldTime.advance(DAY);
      if (day === 8) {
        // Killed while it ticks and works; a new one takes its place.
        await workers[0]?.stop('SIGKILL');
        workers = [start(), workers[1] as RunningProcess];
        await workers[0]?.waitFor(/scheduler ready/);
      }
      await waitUntil(
        `day ${day}: every run made and finished`,
        async () => {
          const made = await runs();
          return made.length === 2 * day && made.every((r) => r.status === 'EXECUTED');
        },
        60_000,
      );
    }
    // One more look after a few more ticks: still one run per schedule per day.
    const t = { app } as unknown as TestApp;
    for (const id of ids) {
      const checked = await expectRunsMatchWorld(t, id);
      expect(checked).toHaveLength(21);
    }
    expect(await runs()).toHaveLength(42);
  }, 180_000);
});
