// npm run bench:verify: the verification engine's scheduling against the lower bound of its
// workload, and the memory of a 100 000-address job. Figures go to server/bench/README.md (between
// the bench:verify markers) and server/bench/results/verify.json.
// Options: --addresses N --domains N --latency MS --per-mx N --job-addresses N (0: skip the job).
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { lowerBound } from './verify/lower-bound.ts';
import { type VerifyBenchResult, writeReport } from './verify/report.ts';
import { runEngine } from './verify/run-engine.ts';
import { buildWorkload, TIMED_BEHAVIOURS } from './verify/workload.ts';

const { values } = parseArgs({
  options: {
    addresses: { type: 'string', default: '10000' },
    domains: { type: 'string', default: '200' },
    latency: { type: 'string', default: '50' },
    'per-mx': { type: 'string', default: '2' },
    'job-addresses': { type: 'string', default: '100000' },
  },
});
const addresses = Number(values.addresses);
const domains = Number(values.domains);
const latencyMs = Number(values.latency);
const perMx = Number(values['per-mx']);
const jobAddresses = Number(values['job-addresses']);
const TARGETS = { efficiency: 0.5, rssMb: 300 };

const work = buildWorkload(domains, addresses);
const bound = lowerBound(work.world, work.addresses, latencyMs, perMx);
console.log(
  `Lower bound for ${addresses} addresses over ${domains} domains at ${latencyMs} ms, ${perMx} per MX: ${(bound.ms / 1000).toFixed(1)} s (${bound.busiest.host})`,
);
const engine = await runEngine(work, latencyMs, perMx);
const efficiency = bound.ms / engine.ms;
console.log(
  `Measured ${(engine.ms / 1000).toFixed(1)} s: ${((addresses * 1000) / engine.ms).toFixed(1)} addresses/s, ` +
    `${(engine.connections / addresses).toFixed(3)} connections per address, efficiency ${efficiency.toFixed(2)}`,
);

// The memory of a big job, as `leadforge serve` runs it (LEADFORGE_HEAP_GROWING_PERCENT's default)
// and with V8's own heap growth (0) for comparison: V8 lets garbage pile up to several times the
// live heap before a full collection when nothing holds it back (server/src/core/heap.ts).
const jobs: VerifyBenchResult['jobs'] = [];
for (const growing of jobAddresses > 0 ? [null, '0'] : []) {
  const setting = growing === null ? 'the default settings' : `LEADFORGE_HEAP_GROWING_PERCENT=${growing}`;
  console.log(`A ${jobAddresses}-address job through the service (own process, ${setting}, SQLite, latency 0)...`);
  const script = resolve(import.meta.dirname, 'verify/rss-job.ts');
  const env = { ...process.env };
  delete env.LEADFORGE_HEAP_GROWING_PERCENT;
  if (growing !== null) env.LEADFORGE_HEAP_GROWING_PERCENT = growing;
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, String(jobAddresses), String(domains)], {
    encoding: 'utf8',
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  if (run.status !== 0 || !last.startsWith('{')) throw new Error(`the job run failed (${run.status}): ${run.stdout}`);
  const job = { setting, ...JSON.parse(last), latencyMs: 0 };
  jobs.push(job);
  console.log(`RSS peak ${job.rssPeakMb} MB (heap ${job.heapAtPeakMb} MB); job ${(job.jobMs / 1000).toFixed(1)} s`);
}

writeReport({
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
  workload: { addresses, domains, latencyMs, perMx, excluded: TIMED_BEHAVIOURS },
  lowerBound: {
    ms: bound.ms,
    busiestHost: bound.busiest.host,
    busiestDomains: bound.busiest.domains,
    busiestRcpts: bound.busiest.rcpts,
    busiestSessions: bound.busiest.sessions,
  },
  engine: {
    ms: Math.round(engine.ms),
    perSecond: (addresses * 1000) / engine.ms,
    connectionsPerAddress: engine.connections / addresses,
    efficiency,
    rssPeakMb: engine.rssPeakMb,
    verdicts: engine.verdicts,
  },
  jobs,
  targets: TARGETS,
});
console.log('Wrote server/bench/results/verify.json and the bench:verify section of server/bench/README.md.');
