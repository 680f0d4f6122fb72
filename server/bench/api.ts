/**
 * `npm run bench:api`: throughput and latency of the authenticated `GET /v1/quota/` against a bare
 * Fastify route, on SQLite and on PostgreSQL, in one run. See server/bench/README.md.
 *
 * Both servers run in child processes of their own, autocannon runs here: on a 2-core machine the
 * load generator must not share an event loop with what it measures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BenchDatabase, type Dialect, freshDatabase } from './lib/databases.ts';
import { type Guard, type GuardedSlice, guardedLoad, type ServerPids } from './lib/guarded-load.ts';
import { load } from './lib/load.ts';
import { combine } from './lib/measurement.ts';
import { SEED, type TargetKind } from './lib/protocol.ts';
import {
  disturbance,
  makeReport,
  markdownTable,
  type Row,
  readmeSection,
  type Settings,
  updateReadme,
  verdict,
  writeJson,
} from './lib/report.ts';
import { killAllTargets, type RunningTarget, startTarget } from './lib/targets.ts';

const MIN_RATIO = 0.3;
const README = fileURLToPath(new URL('./README.md', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/api.json', import.meta.url));

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const int = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got ${raw}`);
    return n;
  };
  const dialects = (env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',').map((d) => d.trim());
  for (const d of dialects) if (d !== 'sqlite' && d !== 'postgres') throw new Error(`BENCH_DIALECTS: unknown ${d}`);
  const duration = int('BENCH_DURATION', 10, 1);
  const rounds = int('BENCH_ROUNDS', 10, 1);
  // Under a second a slice is mostly connection set-up and ramp; its rate says little.
  if (duration < rounds) throw new Error(`BENCH_DURATION (${duration}) must be at least BENCH_ROUNDS (${rounds})`);
  return {
    connections: int('BENCH_CONNECTIONS', 10, 1),
    pipelining: 1,
    duration,
    rounds,
    warmup: int('BENCH_WARMUP', 2, 0),
    dialects: dialects as Dialect[],
  };
}

/** One request before any load: a target that answers wrongly would make every figure meaningless. */
async function checkTarget(t: RunningTarget, headers: Record<string, string>): Promise<void> {
  const res = await fetch(t.url, { headers });
  const body = (await res.json()) as { success?: boolean; quota?: { credits?: number; used_today?: number } };
  const ok =
    res.status === 200 &&
    body.success === true &&
    (t.kind === 'bare' || (body.quota?.credits === SEED.credits && body.quota?.used_today === SEED.usage));
  if (!ok) throw new Error(`${t.url} answered ${res.status} ${JSON.stringify(body)} before the run`);
}

/** Databases not yet dropped, so that an interrupted run still drops its PostgreSQL schema. */
const undropped = new Set<() => Promise<void>>();

/** A target under load: the bare app, or the service on one dialect. */
interface Subject {
  dialect: Dialect | null;
  target: RunningTarget;
  headers: Record<string, string>;
  server: ServerPids;
}

/**
 * Every target is started first, then measured in interleaved slices over the same stretch of
 * time, the order rotating every round (bare, sqlite, postgres; sqlite, postgres, bare; …): a
 * slow drift of the machine or a busy spell of its host lands on all targets alike, not on one
 * dialect's, and every ratio is taken to the same bare figure.
 */
async function measure(s: Settings, tempDir: string): Promise<Row[]> {
  const running: RunningTarget[] = [];
  const dbs: BenchDatabase[] = [];
  const start = async (kind: TargetKind, env?: Record<string, string>) => {
    const t = await startTarget(kind, env);
    running.push(t);
    return t;
  };
  try {
    const bare = await start('bare');
    const subjects: Subject[] = [
      { dialect: null, target: bare, headers: {}, server: { app: bare.pid, db: async () => [] } },
    ];
    for (const dialect of s.dialects) {
      const db = await freshDatabase(dialect, tempDir);
      dbs.push(db);
      undropped.add(db.drop);
      const quota = await start('quota', { DATABASE_URL: db.url, BENCH_DATA_DIR: tempDir });
      subjects.push({
        dialect,
        target: quota,
        headers: { authorization: `Bearer ${quota.key}` },
        server: { app: quota.pid, db: db.serverPids },
      });
    }

    const warm = async (seconds: number) => {
      for (const x of subjects) {
        await load({ url: x.target.url, headers: x.headers, connections: s.connections, duration: seconds });
      }
    };
    for (const x of subjects) await checkTarget(x.target, x.headers);
    // Warm-up: JIT, connection pools and SQLite's page cache settle before anything is recorded.
    if (s.warmup > 0) await warm(s.warmup);

    const guard: Guard = {
      ours: async () => {
        const db = await Promise.all(dbs.map((d) => d.serverPids()));
        return new Set([process.pid, ...running.map((t) => t.pid), ...db.flat()]);
      },
      retriesLeft: s.rounds,
      // After waiting for quiet, every target: the pg pool closes connections idle for 10 s, and a
      // new PostgreSQL backend starts with cold caches.
      rewarm: () => warm(1),
      log: (line) => process.stderr.write(`  ${line}\n`),
    };
    const slices = new Map<Subject, GuardedSlice[]>(subjects.map((x) => [x, []]));
    const sliceSeconds = s.duration / s.rounds;
    for (let round = 0; round < s.rounds; round++) {
      const order = subjects.map((_, i) => subjects[(i + round) % subjects.length]!);
      for (const x of order) {
        const opts = { url: x.target.url, headers: x.headers, connections: s.connections, duration: sliceSeconds };
        const label = `${x.dialect ?? 'bare'} ${round + 1}/${s.rounds}`;
        slices.get(x)!.push(await guardedLoad(opts, x.server, guard, label));
      }
    }

    const measured = subjects.map((x) => ({ x, m: combine(slices.get(x)!) }));
    const bareRps = measured[0]!.m.rps;
    return measured.map(({ x, m }) => ({ dialect: x.dialect, target: x.target.kind, ...m, ratio: m.rps / bareRps }));
  } finally {
    // Targets first: PostgreSQL cannot drop a schema while the target's pool still uses it.
    await Promise.all(running.map((t) => t.stop()));
    for (const db of dbs) {
      undropped.delete(db.drop);
      await db.drop();
    }
  }
}

/** Any response but 200, any socket error or timeout: the figures do not describe the endpoint. */
function failures(rows: Row[]): string[] {
  return rows
    .filter((r) => Object.keys(r.statusCodes).some((code) => code !== '200') || r.errors > 0 || r.timeouts > 0)
    .map(
      (r) =>
        `${r.dialect ?? 'bare'}: ${r.non2xx} non-2xx (status counts ${JSON.stringify(r.statusCodes)}), ` +
        `${r.errors} errors, ${r.timeouts} timeouts`,
    );
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const loadBefore = loadavg();
  const rows = await measure(settings, TEMP_DIR);
  const report = makeReport(settings, rows, MIN_RATIO, loadBefore);
  process.stdout.write(`\n${markdownTable(rows)}\n\n${verdict(report)}\n${disturbance(rows)}\n`);

  const failed = failures(rows);
  if (failed.length > 0) {
    process.stderr.write(`\nbench:api FAILED, results not recorded:\n${failed.map((f) => `  - ${f}\n`).join('')}`);
    return 1;
  }
  // Figures from disturbed slices only would replace good ones with whatever else the machine did.
  const unsure = rows.filter((r) => r.clean === 0).map((r) => r.dialect ?? 'bare');
  if (unsure.length > 0) {
    process.stderr.write(
      `\nbench:api: other work kept the machine busy during every slice of ${unsure.join(', ')}; ` +
        'results not recorded. Run it again on a quieter machine.\n',
    );
    return 1;
  }
  // Recorded even when the target is missed: the README must show the figures as they are.
  writeJson(RESULTS, report);
  updateReadme(README, readmeSection(report));
  process.stderr.write(`\nWrote ${RESULTS} and the results section of ${README}\n`);
  return report.met ? 0 : 1;
}

/** SQLite files and the targets' data folder; removed on every exit path, crashes included. */
const TEMP_DIR = mkdtempSync(join(tmpdir(), 'lf-bench-'));

// No child and no temporary file may outlive the bench, whichever way it ends.
process.on('exit', () => {
  killAllTargets();
  rmSync(TEMP_DIR, { recursive: true, force: true });
});
/** Interrupted or crashed: kill the targets at once, drop what can still be dropped, leave. */
const abort = (code: number) => {
  killAllTargets();
  void Promise.allSettled([...undropped].map((drop) => drop())).then(() => process.exit(code));
};
process.once('SIGINT', () => abort(130));
process.once('SIGTERM', () => abort(143));
process.once('uncaughtException', (err) => {
  process.stderr.write(`bench:api: ${err.stack ?? String(err)}\n`);
  abort(1);
});

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`bench:api: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
