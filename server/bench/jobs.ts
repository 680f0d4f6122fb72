// `npm run bench:jobs`: claim-and-complete throughput of no-op jobs through the real Worker, in
// separate worker processes: PostgreSQL with 1, 2 and 4 workers, SQLite with one. Jobs are inserted
// before the clock starts; the time is from "go" to the last job's finished_at. Figures go to
// server/bench/results/jobs.json and the README section between the bench:jobs markers.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { createApp } from '../src/app/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { newId } from '../src/core/ids.ts';
import { freshPostgres, freshSqlite, type TestDatabase } from '../test/support/databases.ts';
import { RunningProcess } from '../test/support/processes.ts';
import { writeReport } from './jobs/report.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 20_000);
const TARGET_PER_S = 1_000;
const WORKER = resolve(import.meta.dirname, 'jobs/noop-worker.ts');

export interface JobsResult {
  dialect: 'sqlite' | 'postgres';
  workers: number;
  jobs: number;
  seconds: number;
  perSecond: number;
}

async function run(db: TestDatabase, dialect: JobsResult['dialect'], workers: number): Promise<JobsResult> {
  const env = { DATABASE_URL: db.url, LEADFORGE_SECRET_KEY: '12'.repeat(32), LEADFORGE_LOG_LEVEL: 'warn' };
  const app = await createApp(loadConfig(env));
  try {
    const now = Date.now();
    for (let i = 0; i < JOBS; i += 500) {
      const rows = Array.from({ length: Math.min(500, JOBS - i) }, () => ({
        id: newId(),
        kind: 'bench.noop',
        account_id: null,
        payload: '{}',
        state: 'queued' as const,
        run_at: now,
        attempts: 0,
        max_attempts: 3,
        lease_owner: null,
        lease_expires_at: null,
        checkpoint: null,
        last_error: null,
        dedupe_key: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      }));
      await app.store.db.insertInto('jobs').values(rows).execute();
    }
    const procs = Array.from(
      { length: workers },
      () =>
        new RunningProcess(
          spawn(process.execPath, ['--import', 'tsx', WORKER], {
            env: { ...process.env, ...env },
            stdio: ['pipe', 'pipe', 'pipe'],
          }),
        ),
    );
    try {
      await Promise.all(procs.map((p) => p.waitFor(/ready/)));
      const started = Date.now();
      for (const p of procs) p.child.stdin?.write('go\n');
      // The condition is in the database; look every 100 ms (the figure comes from finished_at, not this loop).
      for (;;) {
        const row = await app.store.db
          .selectFrom('jobs')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('finished_at').as('last')])
          .where('state', '=', 'done')
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= JOBS) {
          const seconds = (Number(row.last) - started) / 1000;
          return { dialect, workers, jobs: JOBS, seconds, perSecond: Math.round(JOBS / seconds) };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await Promise.all(procs.map((p) => p.stop('SIGTERM')));
    }
  } finally {
    await app.close();
  }
}

const results: JobsResult[] = [];
for (const [dialect, workers] of [
  ['sqlite', 1],
  ['postgres', 1],
  ['postgres', 2],
  ['postgres', 4],
] as const) {
  const db = dialect === 'sqlite' ? freshSqlite() : await freshPostgres();
  try {
    const r = await run(db, dialect, workers);
    results.push(r);
    console.log(`${dialect} x${workers}: ${r.jobs} jobs in ${r.seconds.toFixed(2)} s = ${r.perSecond} jobs/s`);
  } finally {
    await db.drop();
  }
}
const missed = results.filter((r) => r.perSecond < TARGET_PER_S);
writeReport(results, TARGET_PER_S, cpus()[0]?.model ?? 'unknown CPU');
if (missed.length) {
  console.error(`Below ${TARGET_PER_S} jobs/s: ${missed.map((r) => `${r.dialect} x${r.workers}`).join(', ')}`);
  process.exit(1);
}
