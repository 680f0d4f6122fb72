import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { EmailAddressSchema, EmailValidationJobOutSchema } from '../../../lib/contract/email-validation.ts';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { jobBodyChunks } from '../../src/email-validation/views.ts';
import { buildWorld } from '../../src/sandbox/world/build-world.ts';
import { expectedVerdict } from '../../src/sandbox/world/ground-truth.ts';
import { labelledAddresses } from '../../src/sandbox/world/labelled-addresses.ts';
import { validationJobById } from '../../src/store/email-validation-repo.ts';
import { describeEachDialect, freshDatabase } from '../support/databases.ts';
import { childEnv, RunningProcess } from '../support/processes.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

const WORKER = resolve(import.meta.dirname, '../support/validation-worker.ts');

describeEachDialect('an email validation worker killed with SIGKILL mid-job', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('the next worker verifies only what was left, and the job finishes once', async () => {
    const db = await freshDatabase(dialect);
    // 20 ms per DNS answer and SMTP reply: slow enough to kill the worker in the middle.
    const env = {
      DATABASE_URL: db.url,
      LEADFORGE_SECRET_KEY: 'cd'.repeat(32),
      LEADFORGE_SANDBOX_LATENCY_MS: '20',
      LEADFORGE_SMTP_MAX_CONNECTIONS_PER_MX: '1',
      ...FAST_SANDBOX_ENV,
    };
    const app = await createApp(loadConfig(env));
    cleanups.push(
      () => db.drop(),
      () => app.close(),
    );
    const account = await app.accounts.create(`vcrash-${Date.now()}`);
    await app.credits.grant(account.id, 1000, 'grant');
    const world = buildWorld(FAST_SANDBOX.sandbox);
    const emails = labelledAddresses(world, { count: 100, seed: 'crash', exclude: ['silent'] })
      .map((l) => l.address)
      .filter((a) => EmailAddressSchema.safeParse(a).success);
    const auth = { accountId: account.id, keyId: '', mode: 'test' as const };
    const { jobId } = await app.emailValidation.create(auth, {
      job_name: 'crash',
      prospects: emails.map((email) => ({ email })),
    });

    const start = () =>
      new RunningProcess(spawn(process.execPath, ['--import', 'tsx', WORKER], { env: childEnv(env) }));
    const first = start();
    cleanups.push(() => first.stop('SIGKILL'));
    await waitUntil('a part of the addresses done', async () => {
      const job = await validationJobById(app.store.db, jobId);
      return (job?.done_count ?? 0) >= 15;
    });
    await first.stop('SIGKILL');
    const doneAtKill = (await validationJobById(app.store.db, jobId))?.done_count ?? 0;
    expect(doneAtKill).toBeLessThan(emails.length);

    const second = start();
    cleanups.push(() => second.stop('SIGKILL'));
    await waitUntil(
      'job complete',
      async () => (await validationJobById(app.store.db, jobId))?.status === 'complete',
      60_000,
    );
    const resumed = await second.waitFor(/"verifying":(\d+),"of":(\d+)/);
    expect(Number(resumed[2])).toBe(emails.length);
    expect(Number(resumed[1])).toBe(emails.length - doneAtKill);

    const finished = await validationJobById(app.store.db, jobId);
    let text = '';
    for await (const chunk of jobBodyChunks(app.store.db, finished!)) text += chunk;
    const body = EmailValidationJobOutSchema.parse(JSON.parse(text));
    const wrong = body.prospects
      .map((p) => ({ email: p.email, got: p.email_validity, want: expectedVerdict(world, p.email as string).verdict }))
      .filter((x) => x.got !== x.want);
    expect(wrong).toEqual([]);
    const debits = await app.store.db
      .selectFrom('credit_entries')
      .select('amount')
      .where('account_id', '=', account.id)
      .where('kind', '=', 'debit')
      .execute();
    expect(debits).toEqual([{ amount: Math.ceil(emails.length / 2) }]);
    const runs = await app.store.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', 'email_validation.run')
      .execute();
    expect(runs).toEqual([{ state: 'done', attempts: 2 }]);
  });
});
