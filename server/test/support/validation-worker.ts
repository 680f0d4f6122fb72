// A worker process for the email validation crash test: the real email_validation.run handler over
// the fast sandbox world, with a short lease so that a killed worker's job is taken over quickly.
// Usage: node --import tsx validation-worker.ts   (DATABASE_URL, LEADFORGE_SECRET_KEY in env)
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { emailValidationJob } from '../../src/email-validation/run-job.ts';
import { Worker } from '../../src/jobs/worker.ts';
import { FAST_SANDBOX } from './sandbox.ts';

const app = await createApp(loadConfig(), { worlds: FAST_SANDBOX });
const log = pino({ level: 'info' });
const worker = new Worker(app.store, app.queue, app.clock, log, { pollMs: 50, shutdownGraceMs: 1_000 });
worker.register({
  ...emailValidationJob({
    store: app.store,
    webhooks: app.webhooks,
    clock: app.clock,
    log,
    verifier: (mode) => app.worlds.verifier(mode),
  }),
  leaseMs: Number(process.env.TEST_LEASE_MS ?? 1_500),
});
worker.start();
process.stdout.write(`worker ready ${worker.owner}\n`);
