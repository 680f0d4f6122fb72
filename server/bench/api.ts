/**
 * `npm run bench:api`: throughput and latency of the authenticated `GET /v1/quota/` against a bare
 * Fastify route, on SQLite and on PostgreSQL, in one run. See server/bench/README.md.
 *
 * Both servers run in child processes of their own, autocannon runs here: on a 2-core machine the
 * load generator must not share an event loop with what it measures.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Dialect, freshDatabase } from './lib/databases.ts';
import { type Guard, type GuardedSlice, guardedLoad } from './lib/guarded-load.ts';
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
  const rounds = int('BENCH_ROUNDS', 5, 1);
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

async function measureDialect(dialect: Dialect, s: Settings): Promise<Row[]> {
  const db = await freshDatabase(dialect);
  undropped.add(db.drop);
  const targets: RunningTarget[] = [];
  try {
    const bare = await startTarget('bare');
    targets.push(bare);
    const quota = await startTarget('quota', { DATABASE_URL: db.url });
    targets.push(quota);

    const pair = [bare, quota] as const;
    const headers = (t: RunningTarget): Record<string, string> => (t.key ? { authorization: `Bearer ${t.key}` } : {});
    for (const t of pair) {
      await checkTarget(t, headers(t));
      // Warm-up: JIT, connection pools and SQLite's page cache settle before anything is recorded.
      if (s.warmup > 0) await load({ url: t.url, headers: headers(t), connections: s.connections, duration: s.warmup });
    }
    // Interleaved slices, the order swapped every round (bare, quota, quota, bare, …): a slow drift
    // of the machine or a burst from another process lands on both targets alike, not on one.
    const slices: Record<TargetKind, GuardedSlice[]> = { bare: [], quota: [] };
    const sliceSeconds = s.duration / s.rounds;
    const guard: Guard = {
      ours: async () => new Set([process.pid, bare.pid, quota.pid, ...(await db.serverPids())]),
      retriesLeft: s.rounds,
      log: (line) => process.stderr.write(`  ${line}\n`),
    };
    for (let round = 0; round < s.rounds; round++) {
      for (const t of round % 2 === 0 ? pair : [...pair].reverse()) {
        const opts = { url: t.url, headers: headers(t), connections: s.connections, duration: sliceSeconds };
        const server = t === bare ? async () => [bare.pid] : async () => [quota.pid, ...(await db.serverPids())];
        slices[t.kind].push(await guardedLoad(opts, server, guard, `${dialect} ${t.kind} ${round + 1}/${s.rounds}`));
      }
    }
    const bareM = combine(slices.bare);
    const quotaM = combine(slices.quota);
    return [
      { dialect, target: 'bare', ...bareM, ratio: 1 },
      { dialect, target: 'quota', ...quotaM, ratio: quotaM.rps / bareM.rps },
    ];
  } finally {
    // Targets first: PostgreSQL cannot drop a schema while the target's pool still uses it.
    await Promise.all(targets.map((t) => t.stop()));
    undropped.delete(db.drop);
    await db.drop();
  }
}

/** Any response but 200, any socket error or timeout: the figures do not describe the endpoint. */
function failures(rows: Row[]): string[] {
  return rows
    .filter((r) => Object.keys(r.statusCodes).some((code) => code !== '200') || r.errors > 0 || r.timeouts > 0)
    .map(
      (r) =>
        `${r.dialect} ${r.target}: ${r.non2xx} non-2xx (status counts ${JSON.stringify(r.statusCodes)}), ` +
        `${r.errors} errors, ${r.timeouts} timeouts`,
    );
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const loadBefore = loadavg();
  const rows: Row[] = [];
  for (const dialect of settings.dialects) {
    process.stderr.write(`${dialect}:\n`);
    rows.push(...(await measureDialect(dialect, settings)));
  }
  const report = makeReport(settings, rows, MIN_RATIO, loadBefore);
  process.stdout.write(`\n${markdownTable(rows)}\n\n${verdict(report)}\n${disturbance(rows)}\n`);

  const failed = failures(rows);
  if (failed.length > 0) {
    process.stderr.write(`\nbench:api FAILED, results not recorded:\n${failed.map((f) => `  - ${f}\n`).join('')}`);
    return 1;
  }
  // Recorded even when the target is missed: the README must show the figures as they are.
  writeJson(RESULTS, report);
  updateReadme(README, readmeSection(report));
  process.stderr.write(`\nWrote ${RESULTS} and the results section of ${README}\n`);
  return report.met ? 0 : 1;
}

// No child may outlive the bench, whichever way it ends.
process.on('exit', killAllTargets);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAllTargets();
    void Promise.allSettled([...undropped].map((drop) => drop())).then(() => process.exit(130));
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`bench:api: ${(err as Error).stack ?? String(err)}\n`);
    process.exitCode = 1;
  },
);
