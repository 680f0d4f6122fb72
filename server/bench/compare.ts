// npm run bench:compare: our verifier against the most-used npm verifiers, on the same sandbox mail
// world (server/src/sandbox), over the labelled set of the accuracy test. Each verifier runs in a
// process of its own, against a fresh world on SMTP port 25 (most npm verifiers cannot be told
// another port). Figures go to server/bench/README.md (between the bench:compare markers) and
// server/bench/results/compare.json.
// Options: --count N --seed S --only NAME,NAME (engine and/or competitors) --concurrency N
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type MailWorld, startMailWorld } from '../src/sandbox/mail-world.ts';
import { buildWorld } from '../src/sandbox/world/build-world.ts';
import { labelledAddresses } from '../src/sandbox/world/labelled-addresses.ts';
import { COMPETITORS } from './compare/competitors/index.ts';
import type { Job } from './compare/protocol.ts';
import { type CompareResult, RESULTS, writeReport } from './compare/report.ts';
import { type ChildRun, runChild } from './compare/run-child.ts';
import { score, type VerifierScore } from './compare/score.ts';
import { ensureVendor } from './compare/vendor.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '400' },
    seed: { type: 'string', default: 'accuracy' },
    only: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
});
const ENGINE = 'leadforge (ours)';
const only = values.only?.split(',').map((s) => s.trim());
const wanted = (name: string) => !only || only.some((o) => name.includes(o));
// The accuracy test's world and labelled set (server/test/sandbox/verify-accuracy.test.ts), with
// the world's real delays: greylisting 60 s, the slow host's greeting 3 s.
const WORLD = { seed: 'accuracy', companies: 120, peoplePerCompany: 6 };
const CALL_TIMEOUT_MS = 45_000; // devmehq tries up to 3 MX hosts with 10 s each
const COMPETITOR_BUDGET_MS = 90_000;
const ENGINE_BUDGET_MS = 180_000;
// One greylisting retry, after the world's 60 s: the default schedule (60 s, 5 min, 15 min) would
// keep the greylist-forever host's addresses open for 20 minutes to reach the same verdict.
const ENGINE_ENV = { LEADFORGE_GREYLIST_RETRY_DELAYS: '60s' };

ensureVendor();
const world = buildWorld(WORLD);
const labelled = labelledAddresses(world, { count: Number(values.count), seed: values.seed });
console.log(
  `${labelled.length} labelled addresses over ${new Set(labelled.map((l) => l.behaviour)).size} behaviours (seed ${values.seed}).`,
);

/** A fresh world per verifier (greylisting remembers triplets), on port 25 when it can be bound. */
async function freshWorld(port: number): Promise<MailWorld> {
  return startMailWorld({ world, smtpPort: port });
}

let port25: string | null = null;
try {
  await (await freshWorld(25)).close();
} catch (err) {
  port25 = `SMTP port 25 could not be bound on 127.1.x.y (${(err as NodeJS.ErrnoException).code ?? err}): verifiers that always connect to port 25 are skipped; the others are told the world's port.`;
  console.log(port25);
}

const scores: VerifierScore[] = [];
const runs: Record<string, ChildRun> = {};
const skipped: { name: string; why: string }[] = [];
const verifiers = [
  { name: ENGINE, version: 'this commit', script: 'engine-process.ts', args: [], port25Only: false },
  ...COMPETITORS.map((c) => ({
    name: c.name,
    version: c.version,
    script: 'competitor-process.ts',
    args: [c.name],
    port25Only: c.port25Only,
  })),
].filter((v) => wanted(v.name));

for (const v of verifiers) {
  if (port25 && v.port25Only) {
    skipped.push({ name: v.name, why: 'always connects to port 25, which could not be bound' });
    continue;
  }
  const mail = await freshWorld(port25 ? 0 : 25);
  try {
    console.log(`${v.name} ${v.version}...`);
    const job: Job = {
      addresses: labelled.map((l) => l.address),
      dnsServer: mail.dnsServer,
      smtpPort: mail.smtpPort,
      disposableDomains: [...mail.world.disposableDomains],
      concurrency: Number(values.concurrency),
      callTimeoutMs: CALL_TIMEOUT_MS,
    };
    const isEngine = v.name === ENGINE;
    const run = await runChild(
      resolve(import.meta.dirname, 'compare', v.script),
      v.args,
      job,
      isEngine ? ENGINE_BUDGET_MS : COMPETITOR_BUDGET_MS,
      isEngine ? ENGINE_ENV : {},
    );
    runs[v.name] = run;
    const s = score(v.name, v.version, labelled, run);
    scores.push(s);
    console.log(
      `  agreement ${(s.agreement * 100).toFixed(1)} % (${s.agree}/${s.total}), ${(s.wallMs / 1000).toFixed(1)} s` +
        `${s.timeouts ? `, ${s.timeouts} timeouts` : ''}${s.errors ? `, ${s.errors} errors` : ''}` +
        `${s.crashes ? `, ${s.crashes} uncaught exceptions` : ''}${s.failure ? `, ${s.failure}` : ''}`,
    );
  } finally {
    await mail.close();
  }
}

const result: CompareResult = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
  world: { ...WORLD, greylistDelayMs: 60_000, slowGreetingMs: 3_000, latencyMs: 0 },
  labelled: { count: labelled.length, seed: values.seed },
  smtpPort: port25 ? 'a free port' : 25,
  port25Problem: port25,
  engine: { name: ENGINE, env: ENGINE_ENV },
  limits: {
    callTimeoutMs: CALL_TIMEOUT_MS,
    competitorBudgetMs: COMPETITOR_BUDGET_MS,
    engineBudgetMs: ENGINE_BUDGET_MS,
  },
  concurrency: Number(values.concurrency),
  competitors: COMPETITORS.filter((c) => wanted(c.name)).map((c) => ({
    name: c.name,
    version: c.version,
    monthlyDownloads: c.monthlyDownloads,
    port25Only: c.port25Only,
    called: c.called,
    mapping: c.mapping,
  })),
  skipped,
  scores,
  addresses: labelled.map((l, i) => ({
    address: l.address,
    truth: l.verdict,
    reason: l.reason,
    behaviour: l.behaviour,
    answers: Object.fromEntries(
      Object.entries(runs).map(([name, run]) => {
        const row = run.rows[i];
        return [
          name,
          row === undefined
            ? null
            : row.kind === 'answer'
              ? `${row.verdict}: ${row.said}`
              : `${row.kind}${'said' in row ? `: ${row.said}` : ''}`,
        ];
      }),
    ),
  })),
};
// A partial run (--only, --count, --seed) leaves the recorded figures alone.
const partial = only !== undefined || values.count !== '400' || values.seed !== 'accuracy';
const out = partial ? join(tmpdir(), 'leadforge-bench-compare.json') : RESULTS;
writeReport(result, out, !partial);
console.log(
  partial
    ? `Wrote ${out} (a partial run: server/bench/results and the README are left as they are).`
    : 'Wrote server/bench/results/compare.json and the bench:compare section of server/bench/README.md.',
);
