import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { createWorker } from '../../src/app/worker.ts';
import { loadConfig } from '../../src/config/config.ts';
import { applyHeapSettings } from '../../src/core/heap.ts';
import { validationJobById } from '../../src/store/email-validation-repo.ts';
import { startWorldChild } from '../lib/world-child.ts';
import { buildWorkload } from './workload.ts';

const count = Number(process.argv[2] ?? 100_000);
const domains = Number(process.argv[3] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'lf-bench-verify-'));
const mailWorld = await startWorldProcess();
const config = loadConfig({
  DATABASE_URL: `sqlite:${join(dir, 'bench.db')}`,
  LEADFORGE_SECRET_KEY: 'ab'.repeat(32),
  LEADFORGE_DNS_SERVERS: mailWorld.dnsServer,
  LEADFORGE_SMTP_PORT: String(mailWorld.smtpPort),
  LEADFORGE_SMTP_ALLOW_PRIVATE_MX: 'true',
  LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: '2',
  LEADFORGE_WORKER_POLL_MS: '50',
  ...(process.env.LEADFORGE_HEAP_GROWING_PERCENT
    ? { LEADFORGE_HEAP_GROWING_PERCENT: process.env.LEADFORGE_HEAP_GROWING_PERCENT }
    : {}),
});
applyHeapSettings(config); // as `leadforge serve` does
const app = await createApp(config, {
  worlds: {
    // The sandbox's hosts impose no rate caps, as for test keys (worlds.ts).
    tune: (options) => ({
      ...options,
      smtp: { ...options.smtp, providers: { '*': { sessionsPerMinute: Number.POSITIVE_INFINITY } } },
    }),
  },
});
let peak = 0;
let heapAtPeak = 0;
const sample = () => {
  const m = process.memoryUsage();
  if (m.rss > peak) {
    peak = m.rss;
    heapAtPeak = m.heapUsed;
  }
};
const sampler = setInterval(sample, 100);
const account = await app.accounts.create('bench');
await app.credits.grant(account.id, count, 'bench');
const rssBefore = process.memoryUsage().rss;
const started = performance.now();
// The request body exists only while it is accepted, as in the API process.
const { jobId } = await app.emailValidation.create(
  { accountId: account.id, keyId: '', mode: 'live' },
  { job_name: 'bench', prospects: buildWorkload(domains, count).addresses.map((email) => ({ email })) },
);
const acceptedMs = performance.now() - started;
const worker = createWorker(app, pino({ level: 'warn' }));
worker.start();
for (;;) {
  const job = await validationJobById(app.store.db, jobId);
  if (job?.status === 'complete' || job?.status === 'failed') break;
  await new Promise((r) => setTimeout(r, 250));
}
const jobMs = performance.now() - started;
sample();
const jobPeak = peak;
// The retrieve endpoint's body, streamed as the API sends it (counted, not kept).
const bodyStarted = performance.now();
const found = await app.emailValidation.retrieve(account.id, jobId);
let bodyBytes = 0;
if (found.status === 200) for await (const chunk of found.json) bodyBytes += Buffer.byteLength(chunk);
const retrieveMs = performance.now() - bodyStarted;
sample();
clearInterval(sampler);
await worker.stop();
await app.close();
rmSync(dir, { recursive: true, force: true });
const mb = (b: number) => Math.round(b / 1e6);
process.stdout.write(
  `${JSON.stringify({
    addresses: count,
    domains,
    acceptedMs: Math.round(acceptedMs),
    jobMs: Math.round(jobMs),
    retrieveMs: Math.round(retrieveMs),
    bodyMb: mb(bodyBytes),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(jobPeak),
    rssPeakWithRetrieveMb: mb(peak),
    heapAtPeakMb: mb(heapAtPeak),
  })}\n`,
);
process.exit(0);

function startWorldProcess() {
  const script = join(import.meta.dirname, 'world-process.ts');
  return startWorldChild<{ dnsServer: string; smtpPort: number }>(script, [String(count), String(domains)]);
}
