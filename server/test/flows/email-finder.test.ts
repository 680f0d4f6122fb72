import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EmailFinderJobInProgressOutSchema, EmailFinderJobOutSchema } from '../../../lib/contract/email-finder.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { Receiver } from '../support/receiver.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

const FINDABLE = ['normal', 'self_hosted', 'microsoft', 'tls_required', 'dead_primary_mx', 'recipient_limit'];

describeEachDialect('a bulk email finder job, end to end in the sandbox', (dialect) => {
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

  it('is accepted, polled 202 then 200, finds the world’s people, charges at the end and POSTs its body to the webhook', async () => {
    const { world } = await t.app.worlds.mailWorld();
    const companies = new Map(world.companies.map((c) => [c.id, c]));
    const people = world.people.filter((p) => companies.has(p.companyId));
    const prospects = people.map((p, i) => {
      const c = companies.get(p.companyId);
      // Every third person by company name only: the job finds the domain itself.
      return i % 3 === 2
        ? { first_name: p.firstName, last_name: p.lastName, company_name: c?.legalName }
        : { first_name: p.firstName, last_name: p.lastName, company_name: c?.legalName, company_domain: c?.domain };
    });
    const url = await receiver.start();
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/email-finder/',
      headers: bearer(t.account.key),
      payload: { job_name: 'flow', webhook_url: url, prospects },
    });
    expect(created.statusCode).toBe(202);
    const jobId: string = created.json().job_id;
    const poll = () =>
      t.server.inject({ method: 'GET', url: `/v1/email-finder/${jobId}/`, headers: bearer(t.account.key) });
    expect(EmailFinderJobInProgressOutSchema.parse((await poll()).json()).status).toBe('pending');

    worker.start();
    const done = await waitUntil(
      'the job finished',
      async () => ((await poll()).statusCode === 200 ? poll() : null),
      60_000,
    );
    const body = EmailFinderJobOutSchema.parse(done.json());
    expect(body).toMatchObject({ id: jobId, status: 'complete', progress: 100, error_message: null });
    expect(body.prospects.map((p) => p.full_name)).toEqual(people.map((p) => `${p.firstName} ${p.lastName}`));

    const findable = people
      .map((p, i) => ({ p, got: body.prospects[i] }))
      .filter(({ p }) => FINDABLE.includes(companies.get(p.companyId)?.mail ?? '') && p.mailbox !== 'disabled');
    const found = findable.filter(({ p, got }) => got?.found_email === p.email);
    expect(found.length / findable.length).toBeGreaterThan(0.9);
    const wrongSafe = people.filter((p, i) => {
      const got = body.prospects[i];
      return got?.email_validity === 'safe' && got.found_email !== p.email;
    });
    expect(wrongSafe).toEqual([]);

    // Charged once, at the end, 1 per safe or riskier address, under the job's key.
    const charged = body.prospects.filter((p) => p.email_validity === 'safe' || p.email_validity === 'riskier').length;
    expect(charged).toBeGreaterThan(0);
    const entries = await t.app.store.db
      .selectFrom('credit_entries')
      .select(['amount', 'idempotency_key'])
      .where('account_id', '=', t.account.id)
      .where('kind', '=', 'debit')
      .execute();
    expect(entries).toEqual([{ amount: charged, idempotency_key: `email_finder:${jobId}` }]);

    await waitUntil('the webhook delivered', () => receiver.received.length > 0);
    const hook = receiver.received[0]!;
    expect(JSON.parse(hook.body)).toEqual(done.json());
    const { secret } = await t.app.webhookSecrets.current(t.account.id);
    expect(() => new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).not.toThrow();

    // What the confirmed finds taught is stored for later jobs and lookups.
    const patterns = await t.app.store.db.selectFrom('finder_domain_patterns').select('domain').execute();
    expect(patterns.length).toBeGreaterThan(5);
  });
});
