import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WebhookDeliveryListOutSchema } from '../../../lib/contract/webhooks.ts';
import { createWorker } from '../../src/app/worker.ts';
import { DAY_MS } from '../../src/core/clock.ts';
import { newId } from '../../src/core/ids.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { writeTransaction } from '../../src/store/store.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { freePort, Receiver } from '../support/receiver.ts';
import { waitUntil } from '../support/wait.ts';

describeEachDialect('webhook delivery', (dialect) => {
  let t: TestApp;
  let worker: Worker;
  let receiver: Receiver;

  beforeEach(async () => {
    t = await startTestApp(dialect, {
      env: { LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true', LEADFORGE_WORKER_POLL_MS: '20' },
    });
    worker = createWorker(t.app, pino({ level: 'silent' }));
    worker.start();
  });
  afterEach(async () => {
    await worker.stop();
    await receiver?.stop();
    await t.close();
  });

  const finishJob = async (
    url: string,
    mode: 'test' | 'live' = 'test',
    payload: unknown = { id: 'job', status: 'complete' },
  ) => {
    const jobId = newId();
    await writeTransaction(t.app.store, null, (tx) =>
      t.app.webhooks.record(tx, {
        accountId: t.account.id,
        mode,
        jobId,
        eventType: 'email_validation.finished',
        url,
        payload,
      }),
    );
    return jobId;
  };
  const deliveries = async (jobId: string) => {
    const res = await t.server.inject({
      method: 'GET',
      url: `/v1/webhook-deliveries/?job_id=${jobId}`,
      headers: bearer(t.account.key),
    });
    expect(res.statusCode).toBe(200);
    return WebhookDeliveryListOutSchema.parse(res.json());
  };
  /** Moves time to the message's next attempt and wakes the worker. */
  const nextAttempt = async (jobId: string) => {
    const [d] = await deliveries(jobId);
    t.clock.set(Date.parse(d?.next_attempt_at ?? '') + 1);
    t.app.queue.wake();
  };

  it('retries on the schedule until the receiver answers 2xx, and the signature verifies', async () => {
    receiver = new Receiver([
      { status: 500, body: 'down for maintenance' },
      { status: 503, headers: { 'retry-after': '120' }, body: 'x'.repeat(5000) },
    ]);
    const url = await receiver.start();
    const payload = { id: 'j1', status: 'complete', prospects: [{ email: 'a@b.example', email_validity: 'safe' }] };
    const start = t.clock.now();
    const jobId = await finishJob(url, 'test', payload);

    await waitUntil('first attempt', async () => (await deliveries(jobId))[0]?.attempts.length === 1);
    let [d] = await deliveries(jobId);
    expect(d?.attempts[0]).toMatchObject({
      attempt: 1,
      outcome: 'http_error',
      response_status: 500,
      response_body: 'down for maintenance',
    });
    const firstDelay = Date.parse(d?.next_attempt_at ?? '') - start;
    expect(firstDelay).toBeGreaterThanOrEqual(4_500);
    expect(firstDelay).toBeLessThanOrEqual(5_500);

    await nextAttempt(jobId);
    await waitUntil('second attempt', async () => (await deliveries(jobId))[0]?.attempts.length === 2);
    [d] = await deliveries(jobId);
    expect(d?.attempts[1]).toMatchObject({ attempt: 2, response_status: 503 });
    expect(d?.attempts[1]?.response_body).toHaveLength(1024); // only the first 1 KB is kept
    expect(Date.parse(d?.next_attempt_at ?? '') - t.clock.now()).toBe(120_000); // Retry-After honoured

    await nextAttempt(jobId);
    await waitUntil('delivered', async () => (await deliveries(jobId))[0]?.state === 'delivered');
    [d] = await deliveries(jobId);
    expect(d?.attempts.map((a) => a.outcome)).toEqual(['http_error', 'http_error', 'success']);
    expect(d?.next_attempt_at).toBeNull();

    expect(receiver.received).toHaveLength(3);
    const last = receiver.received[2]!;
    expect(JSON.parse(last.body)).toEqual(payload);
    const secret = (
      await t.server.inject({ method: 'GET', url: '/v1/webhooks/secret/', headers: bearer(t.account.key) })
    ).json().secret;
    expect(new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).toEqual(payload);
    // every attempt of one message carries the same webhook-id, so receivers can dedupe
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([d?.id]));
  });

  it('reaches a receiver that was down, once it is back', async () => {
    const port = await freePort();
    const jobId = await finishJob(`http://127.0.0.1:${port}/hooks`);
    await waitUntil('refused attempt', async () => (await deliveries(jobId))[0]?.attempts.length === 1);
    expect((await deliveries(jobId))[0]?.attempts[0]?.outcome).toBe('network_error');
    receiver = new Receiver();
    await receiver.start(port);
    await nextAttempt(jobId);
    await waitUntil('delivered', async () => (await deliveries(jobId))[0]?.state === 'delivered');
    expect(receiver.received).toHaveLength(1);
  });

  it('signs with both secrets for 24 h after a rotation', async () => {
    receiver = new Receiver();
    const url = await receiver.start();
    const old = (await t.app.webhookSecrets.current(t.account.id)).secret;
    const fresh = (await t.app.webhookSecrets.rotate(t.account.id)).secret;
    expect(fresh).not.toBe(old);
    const shown = (
      await t.server.inject({ method: 'GET', url: '/v1/webhooks/secret/', headers: bearer(t.account.key) })
    ).json();
    expect(shown.secret).toBe(fresh);
    expect(Date.parse(shown.previous_secret_expires_at)).toBe(t.clock.now() + DAY_MS);

    const jobId = await finishJob(url);
    await waitUntil('delivered', async () => (await deliveries(jobId))[0]?.state === 'delivered');
    const got = receiver.received[0]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [old, fresh])
      expect(() => new Webhook(s).verify(got.body, got.headers as Record<string, string>)).not.toThrow();

    t.clock.advance(DAY_MS + 1);
    const later = await finishJob(url);
    await waitUntil('delivered later', async () => (await deliveries(later))[0]?.state === 'delivered');
    const second = receiver.received[1]!;
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(second.body, second.headers as Record<string, string>)).toThrow();
  });

  it('refuses at delivery a URL that leads inside, and the loopback switch for live keys', async () => {
    receiver = new Receiver();
    const url = await receiver.start();
    const live = await finishJob(url, 'live');
    const metadata = await finishJob('https://169.254.169.254/latest/meta-data');
    const named = await finishJob(`https://localhost:${receiver.port}/hooks`, 'live'); // a name that resolves inside
    for (const jobId of [live, metadata, named]) {
      await waitUntil('blocked attempt', async () => (await deliveries(jobId))[0]?.attempts.length === 1);
      expect((await deliveries(jobId))[0]?.attempts[0]?.outcome).toBe('blocked');
    }
    expect(receiver.received).toEqual([]);
  });

  it("shows a job's deliveries to its account only", async () => {
    receiver = new Receiver();
    const jobId = await finishJob(await receiver.start());
    await waitUntil('delivered', async () => (await deliveries(jobId))[0]?.state === 'delivered');
    const other = await t.app.accounts.create('other-webhooks');
    const key = (await t.app.accounts.createKey(other.id, 'test')).key;
    const res = await t.server.inject({
      method: 'GET',
      url: `/v1/webhook-deliveries/?job_id=${jobId}`,
      headers: bearer(key),
    });
    expect(res.json()).toEqual([]);
    const missing = await t.server.inject({ method: 'GET', url: '/v1/webhook-deliveries/', headers: bearer(key) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details[0].field).toBe('query.job_id');
  });
});
