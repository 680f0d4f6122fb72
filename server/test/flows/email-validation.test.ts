import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  EmailAddressSchema,
  EmailValidationJobInProgressOutSchema,
  EmailValidationJobOutSchema,
} from '../../../lib/contract/email-validation.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { expectedVerdict } from '../../src/sandbox/world/ground-truth.ts';
import { labelledAddresses } from '../../src/sandbox/world/labelled-addresses.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { Receiver } from '../support/receiver.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

describeEachDialect('a bulk email validation job, end to end in the sandbox', (dialect) => {
  let t: TestApp;
  let worker: Worker;
  let receiver: Receiver;

  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 100,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true', LEADFORGE_WORKER_POLL_MS: '20' },
      worlds: FAST_SANDBOX,
    });
    worker = createWorker(t.app, pino({ level: 'silent' }));
    receiver = new Receiver();
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.stop();
    await t.close();
  });

  it('is accepted, polled 202 then 200, matches the ground truth, is charged once and POSTs its body to the webhook', async () => {
    const { world } = await t.app.worlds.mailWorld();
    // The contract takes addresses of email format only (the engine's syntax cases are the single check's).
    const labelled = labelledAddresses(world, { count: 90, seed: 'flow' }).filter(
      (l) => EmailAddressSchema.safeParse(l.address).success,
    );
    const emails: (string | null)[] = [...labelled.map((l) => l.address), null, labelled[3]?.address ?? null];
    const url = await receiver.start();
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/email-validation/',
      headers: bearer(t.account.key),
      payload: { job_name: 'flow', webhook_url: url, prospects: emails.map((email) => ({ email })) },
    });
    expect(created.statusCode).toBe(202);
    const jobId: string = created.json().job_id;
    const charged = Math.ceil((emails.length - 1) / 2);
    expect((await t.app.credits.balance(t.account.id)).available).toBe(100 - charged);

    const poll = () =>
      t.server.inject({ method: 'GET', url: `/v1/email-validation/${jobId}/`, headers: bearer(t.account.key) });
    const before = await poll();
    expect(before.statusCode).toBe(202);
    expect(EmailValidationJobInProgressOutSchema.parse(before.json()).status).toBe('pending');

    worker.start();
    await waitUntil('the job running', async () => (await poll()).json().status === 'running', 20_000, 5);
    const done = await waitUntil(
      'the job finished',
      async () => ((await poll()).statusCode === 200 ? poll() : null),
      30_000,
    );
    const body = EmailValidationJobOutSchema.parse(done.json());
    expect(body).toMatchObject({ id: jobId, status: 'complete', progress: 100, error_message: null });
    expect(body.prospects).toHaveLength(emails.length);
    expect(body.prospects.map((p) => p.email)).toEqual(emails);

    const wrong = body.prospects
      .filter((p) => p.email !== null)
      .map((p) => ({ email: p.email, got: p.email_validity, want: expectedVerdict(world, p.email as string).verdict }))
      .filter((x) => x.got !== x.want);
    expect(wrong).toEqual([]);
    expect(body.prospects.at(-2)).toMatchObject({ email: null, status: 'failed', email_validity: null });
    expect(new Set(body.prospects.map((p) => p.id)).size).toBe(emails.length);

    // Charged once, at acceptance, under the job's key.
    const entries = await t.app.store.db
      .selectFrom('credit_entries')
      .select(['kind', 'amount', 'idempotency_key'])
      .where('account_id', '=', t.account.id)
      .where('kind', '=', 'debit')
      .execute();
    expect(entries).toEqual([{ kind: 'debit', amount: charged, idempotency_key: `email_validation:${jobId}` }]);
    expect((await t.app.credits.balance(t.account.id)).available).toBe(100 - charged);

    await waitUntil('the webhook delivered', () => receiver.received.length > 0);
    const hook = receiver.received[0]!;
    expect(JSON.parse(hook.body)).toEqual(done.json());
    const { secret } = await t.app.webhookSecrets.current(t.account.id);
    expect(() => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).not.toThrow();
    const list = (
      await t.server.inject({ method: 'GET', url: '/v1/email-validation/', headers: bearer(t.account.key) })
    ).json();
    expect(list[0]).toMatchObject({
      id: jobId,
      status: 'complete',
      progress: 100,
      prospect_count: String(emails.length),
    });
  });
});
