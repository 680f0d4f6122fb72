// A worker process for the crash tests: the real Worker, with one test job kind that charges a credit
// per item under a key made of the job and the item, checkpoints after each item, and records a
// webhook message when it is done. Killed with SIGKILL mid-job by the tests.
// Usage: node --import tsx crash-worker.ts   (DATABASE_URL, LEADFORGE_SECRET_KEY in env)
import pino from 'pino';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { Worker } from '../../src/jobs/worker.ts';

export interface CountPayload {
  accountId: string;
  items: number;
  itemMs: number;
}

const app = await createApp(loadConfig());
const worker = new Worker(app.store, app.queue, app.clock, pino({ level: 'warn' }), {
  pollMs: 50,
  shutdownGraceMs: 1_000,
});
worker.register({
  kind: 'test.count',
  concurrency: 4,
  maxAttempts: 5,
  leaseMs: Number(process.env.TEST_LEASE_MS ?? 1_500),
  async run(ctx) {
    const p = ctx.payload as CountPayload;
    const from = (ctx.checkpoint as { next: number } | null)?.next ?? 0;
    for (let i = from; i < p.items; i++) {
      await new Promise((r) => setTimeout(r, p.itemMs)); // the work an item takes
      await ctx.fenced((tx) => app.credits.debit(p.accountId, 1, `job:${ctx.job.id}:item:${i}`, 'test item', tx));
      await ctx.saveCheckpoint({ next: i + 1 });
    }
    await ctx.fenced((tx) =>
      app.webhooks.record(tx, {
        accountId: p.accountId,
        mode: 'test',
        jobId: ctx.job.id,
        eventType: 'test.finished',
        url: 'https://hooks.example.com/none',
        payload: { id: ctx.job.id },
      }),
    );
  },
});
worker.start();
process.stdout.write(`worker ready ${worker.owner}\n`);
