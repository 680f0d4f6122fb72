import type { Logger } from 'pino';
import { emailValidationJob } from '../email-validation/run-job.ts';
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
  return worker;
}
