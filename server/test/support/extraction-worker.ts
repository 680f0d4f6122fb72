// A worker process for the extraction crash test: the real extraction.run handler over the fast
// sandbox (its own simulated sales tool, which accepts the sessions any simulator of the world
// issued), with a short lease so that a killed worker's job is taken over quickly.
// Usage: node --import tsx extraction-worker.ts   (DATABASE_URL, LEADFORGE_SECRET_KEY in env)
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { extractionJobDeps } from '../../src/app/worker.ts';
import { loadConfig } from '../../src/config/config.ts';
import { extractionJob } from '../../src/extractions/run-job.ts';
import { Worker } from '../../src/jobs/worker.ts';
import { EXTRACTION_WORLDS } from './extractions.ts';

const app = await createApp(loadConfig(), { worlds: EXTRACTION_WORLDS });
const log = pino({ level: 'info' });
const worker = new Worker(app.store, app.queue, app.clock, log, { pollMs: 50, shutdownGraceMs: 1_000 });
worker.register({
  ...extractionJob(extractionJobDeps(app, log)),
  leaseMs: Number(process.env.TEST_LEASE_MS ?? 1_500),
});
worker.start();
process.stdout.write(`worker ready ${worker.owner}\n`);
