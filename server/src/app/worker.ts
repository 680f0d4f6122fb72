import type { Logger } from 'pino';
import { emailFinderJob } from '../email-finder/run-job.ts';
import { emailValidationJob } from '../email-validation/run-job.ts';
import { type ExtractionJobDeps, extractionJob } from '../extractions/run-job.ts';
import { Worker } from '../jobs/worker.ts';
import { webhookDeliveryJob } from '../webhooks/delivery-job.ts';
import type { App } from './app.ts';

/** The background worker with every job kind the service runs. */
export function createWorker(app: App, log: Logger): Worker {
  const worker = new Worker(app.store, app.queue, app.clock, log, {
    pollMs: app.config.workerPollMs,
    shutdownGraceMs: app.config.shutdownGraceMs,
  });
  worker.register(
    webhookDeliveryJob({
      store: app.store,
      secrets: app.webhookSecrets,
      bodies: app.webhooks.bodies,
      clock: app.clock,
      log,
      allowLoopback: app.config.webhookAllowLoopback,
    }),
  );
  worker.register(
    emailValidationJob({
      store: app.store,
      webhooks: app.webhooks,
      clock: app.clock,
      log,
      verifier: (mode) => app.worlds.verifier(mode),
    }),
  );
  worker.register(
    emailFinderJob({
      store: app.store,
      credits: app.credits,
      webhooks: app.webhooks,
      clock: app.clock,
      log,
      verifier: (mode) => app.worlds.verifier(mode),
    }),
  );
  worker.register(extractionJob(extractionJobDeps(app, log)));
  return worker;
}

/** What the extraction job needs of the app (also used by the crash test's worker process). */
export function extractionJobDeps(app: App, log: Logger): ExtractionJobDeps {
  return {
    store: app.store,
    credits: app.credits,
    quota: app.quota,
    queue: app.queue,
    webhooks: app.webhooks,
    clock: app.clock,
    log,
    connectors: app.connectors,
    verifier: (mode) => app.worlds.verifier(mode),
    worldNow: (mode) => app.worldTime.now(mode),
  };
}
