// One worker process of the jobs benchmark: the real Worker with a no-op job kind. It starts
// claiming when the parent writes "go" on stdin, and exits on SIGTERM after a graceful stop.
// Env: DATABASE_URL, LEADFORGE_SECRET_KEY, BENCH_CONCURRENCY.
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { Worker } from '../../src/jobs/worker.ts';

const app = await createApp(loadConfig(), { migrate: false });
const worker = new Worker(app.store, app.queue, app.clock, pino({ level: 'warn' }), {
  pollMs: 20,
  shutdownGraceMs: 1_000,
});
worker.register({
  kind: 'bench.noop',
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 64),
  maxAttempts: 3,
  run: async () => {},
});
process.stdin.once('data', () => worker.start());
process.once('SIGTERM', async () => {
  await worker.stop();
  await app.close();
  process.exit(0);
});
process.stdout.write('ready\n');
