import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  EmailValidationJobAcceptedOutSchema,
  EmailValidationJobInProgressOutSchema,
  EmailValidationJobListOutSchema,
  EmailValidationJobOutSchema,
  EmailValidationOutSchema,
} from '../../../lib/contract/email-validation.ts';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { EMAIL_VALIDATION_RUN, emailValidationJob } from '../../src/email-validation/run-job.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';

/** The email validation endpoints by status. No worker runs here: bulk jobs stay pending. */
describeEachDialect('/v1/email-validation/', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 10, env: { ...FAST_SANDBOX_ENV }, worlds: FAST_SANDBOX });
  });
  afterEach(() => t.close());

  const post = (url: string, payload: unknown, key = t.account.key) =>
    t.server.inject({ method: 'POST', url, headers: bearer(key), payload: payload as Record<string, unknown> });
  const get = (url: string, key = t.account.key) => t.server.inject({ method: 'GET', url, headers: bearer(key) });
  const balance = async () => (await t.app.credits.balance(t.account.id)).available;
  /** Runs the job's handler here, as a worker would (no lease to lose). */
  const runJob = async (jobId: string, checkpoint: { elapsedMs: number } | null) => {
    const handler = emailValidationJob({
      store: t.app.store,
      webhooks: t.app.webhooks,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      verifier: (mode) => t.app.worlds.verifier(mode),
    });
    const row = await t.app.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${jobId}%`)
      .executeTakeFirstOrThrow();
    await handler.run({
      job: row,
      payload: { jobId },
      attempt: 1,
      checkpoint,
      signal: new AbortController().signal,
      saveCheckpoint: async () => {},
      fenced: (fn) => fn(t.app.store.db),
    });
  };
  const job = (emails: (string | null)[], extra: Record<string, unknown> = {}) => ({
    job_name: 'Q3 list',
    prospects: emails.map((email) => ({ email })),
    ...extra,
  });

  it('200 single: a verdict with its details from the sandbox world, for 1 credit', async () => {
    const res = await post('/v1/email-validation/single/', { email: 'alice@ok.leadforge.test' });
    expect(res.statusCode).toBe(200);
    const body = EmailValidationOutSchema.parse(res.json());
    expect(body).toMatchObject({
      success: true,
      prospect: { email: 'alice@ok.leadforge.test', email_validity: 'safe', status: 'complete', error_message: null },
    });
    expect(body.prospect.details).toMatchObject({
      syntax: { valid: true, domain: 'ok.leadforge.test' },
      smtp: { outcome: 'accepted', code: 250 },
      catch_all: { value: false },
      role: false,
    });
    expect(body.prospect.details?.reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: expect.any(String) })]),
    );
    expect(await balance()).toBe(9);

    const invalid = EmailValidationOutSchema.parse(
      (await post('/v1/email-validation/single/', { email: 'nosuchuser@ok.leadforge.test' })).json(),
    );
    expect(invalid.prospect.email_validity).toBe('invalid');
    expect(await balance()).toBe(8);
  });

  it('200 single for internationalised addresses: a UTF-8 local part and an IDN domain are verified, not refused', async () => {
    const utf8 = EmailValidationOutSchema.parse(
      (await post('/v1/email-validation/single/', { email: 'josé@ok.leadforge.test' })).json(),
    );
    expect(utf8.prospect).toMatchObject({ email: 'josé@ok.leadforge.test', email_validity: 'safe' });
    const idn = EmailValidationOutSchema.parse(
      (await post('/v1/email-validation/single/', { email: 'alice@bücher.leadforge.test' })).json(),
    );
    expect(idn.prospect).toMatchObject({ email: 'alice@bücher.leadforge.test', email_validity: 'safe' });
    expect(idn.prospect.details).toMatchObject({ syntax: { domain: 'xn--bcher-kva.leadforge.test' } });
    // Past the form, RFC 5321's finer rules are a verdict with its reason, not a refusal.
    const long = EmailValidationOutSchema.parse(
      (await post('/v1/email-validation/single/', { email: `${'x'.repeat(65)}@ok.leadforge.test` })).json(),
    );
    expect(long.prospect.email_validity).toBe('invalid');
    expect(await balance()).toBe(7);
  });

  it('202 create, 202 retrieve while pending, list newest first; credits 0.5 per address rounded up, nulls free', async () => {
    const first = await post('/v1/email-validation/', job(['a@ok.leadforge.test', 'b@ok.leadforge.test', null]));
    expect(first.statusCode).toBe(202);
    const accepted = EmailValidationJobAcceptedOutSchema.parse(first.json());
    expect(accepted.message).toMatch(/3 addresses/);
    expect(await balance()).toBe(9); // two addresses: 1 credit
    const second = await post('/v1/email-validation/', job(['c@ok.leadforge.test', 'd@ok.leadforge.test', 'e@x.test']));
    expect(second.statusCode).toBe(202);
    expect(await balance()).toBe(7); // three addresses: 2 credits

    const pending = await get(`/v1/email-validation/${accepted.job_id}/`);
    expect(pending.statusCode).toBe(202);
    expect(EmailValidationJobInProgressOutSchema.strict().parse(pending.json())).toMatchObject({
      id: accepted.job_id,
      status: 'pending',
      progress: 33, // the null address is already done (failed)
    });

    const list = EmailValidationJobListOutSchema.parse((await get('/v1/email-validation/')).json());
    expect(list.map((j) => j.id)).toEqual([second.json().job_id, accepted.job_id]);
    expect(list[1]).toMatchObject({
      status: 'pending',
      prospect_count: '3',
      job_type: 'email_validation',
      error_message: null,
    });
    const paged = EmailValidationJobListOutSchema.parse((await get('/v1/email-validation/?limit=1&offset=1')).json());
    expect(paged.map((j) => j.id)).toEqual([accepted.job_id]);

    const queued = await t.app.store.db.selectFrom('jobs').select(['kind', 'payload']).execute();
    expect(queued).toEqual([
      { kind: EMAIL_VALIDATION_RUN, payload: JSON.stringify({ jobId: accepted.job_id }) },
      { kind: EMAIL_VALIDATION_RUN, payload: JSON.stringify({ jobId: second.json().job_id }) },
    ]);
  });

  it('200 retrieve of a finished job: every prospect in order, with details', async () => {
    const { job_id } = (await post('/v1/email-validation/', job(['alice@ok.leadforge.test', null]))).json();
    await runJob(job_id, null);
    const res = await get(`/v1/email-validation/${job_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = EmailValidationJobOutSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      id: job_id,
      status: 'complete',
      progress: 100,
      error_message: null,
      job_type: 'email_validation',
    });
    expect(body.prospects).toMatchObject([
      { email: 'alice@ok.leadforge.test', email_validity: 'safe', status: 'complete', error_message: null },
      { email: null, email_validity: null, status: 'failed', error_message: 'no email address was given' },
    ]);
    expect(body.prospects[0]?.details).toMatchObject({ smtp: { outcome: 'accepted' } });
    expect(body.prospects[1]?.details).toBeUndefined();
  });

  it('a job whose earlier attempts used up LEADFORGE_VERIFY_MAX_DURATION reports what is unconfirmed as suspect', async () => {
    const { job_id } = (
      await post('/v1/email-validation/', job(['alice@ok.leadforge.test', 'alice@nxdomain.leadforge.test']))
    ).json();
    await runJob(job_id, { elapsedMs: 30 * 60_000 });
    const body = EmailValidationJobOutSchema.parse((await get(`/v1/email-validation/${job_id}/`)).json());
    expect(body.status).toBe('complete');
    expect(body.prospects.map((p) => p.email_validity)).toEqual(['suspect', 'invalid']);
    expect(body.prospects[0]?.details).toMatchObject({ smtp: { outcome: 'deadline_reached' } });
  });

  it('200 for a job out of attempts: failed, its unverified prospects failed, and its webhook recorded', async () => {
    const created = await post(
      '/v1/email-validation/',
      job(['alice@ok.leadforge.test', null], { webhook_url: 'https://93.184.215.14/hooks' }),
    );
    const jobId: string = created.json().job_id;
    const handler = emailValidationJob({
      store: t.app.store,
      webhooks: t.app.webhooks,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      verifier: () => Promise.reject(new Error('no world')),
    });
    const row = await t.app.store.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    await handler.onFailed?.(row, 'no world');
    const res = await get(`/v1/email-validation/${jobId}/`);
    expect(res.statusCode).toBe(200);
    const body = EmailValidationJobOutSchema.parse(res.json());
    expect(body).toMatchObject({
      status: 'failed',
      progress: 100,
      error_message: 'the job could not finish: no world',
    });
    expect(body.prospects).toMatchObject([
      { email: 'alice@ok.leadforge.test', status: 'failed', email_validity: null, error_message: body.error_message },
      { email: null, status: 'failed', error_message: 'no email address was given' },
    ]);
    const messages = await t.app.store.db.selectFrom('webhook_messages').selectAll().execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ job_id: jobId, event_type: 'email_validation.failed', mode: 'test' });
    // The body is not stored: the delivery renders it from the finished job, the retrieve body.
    expect(messages[0]).toMatchObject({ payload: '', body_source: `email_validation:${jobId}` });
    let rendered = '';
    for await (const chunk of t.app.webhooks.bodies.render(t.app.store.db, `email_validation:${jobId}`))
      rendered += chunk;
    expect(JSON.parse(rendered)).toEqual(res.json());
  });

  it("404 for another account's job and for an unknown id", async () => {
    const { job_id } = (await post('/v1/email-validation/', job(['a@ok.leadforge.test']))).json();
    const other = await t.app.accounts.create(`other-${Date.now()}`);
    const { key } = await t.app.accounts.createKey(other.id, 'test');
    for (const res of [
      await get(`/v1/email-validation/${job_id}/`, key),
      await get('/v1/email-validation/0190c9a1-7e4b-7cc3-8a1e-6a1d2c3b4a59/'),
      await get('/v1/email-validation/not-a-uuid/'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('NotFound');
    }
    expect(await get('/v1/email-validation/', key).then((r) => r.json())).toEqual([]);
  });

  it('402 when the balance does not cover the job or the single check; nothing is created or charged', async () => {
    const emails = Array.from({ length: 21 }, (_, i) => `p${i}@ok.leadforge.test`); // 11 credits
    const res = await post('/v1/email-validation/', job(emails));
    expect(res.statusCode).toBe(402);
    expect(ErrorBodySchema.parse(res.json()).error.type).toBe('InsufficientCredits');
    expect(await balance()).toBe(10);
    expect(await get('/v1/email-validation/').then((r) => r.json())).toEqual([]);

    await t.app.credits.debit(t.account.id, 10, 'drain');
    const single = await post('/v1/email-validation/single/', { email: 'alice@ok.leadforge.test' });
    expect(single.statusCode).toBe(402);
    expect(single.json().error.type).toBe('InsufficientCredits');
  });

  it('422 names each failing field', async () => {
    const bad = await post('/v1/email-validation/', {
      job_name: '',
      prospects: [{ email: 'ok@ok.leadforge.test' }, { email: 'not-an-address' }, { email: 'two words@x.test' }],
      webhook_url: 'ftp://hooks.example.com/x',
    });
    expect(bad.statusCode).toBe(422);
    const fields = ErrorBodySchema.parse(bad.json()).error.details?.map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.job_name', 'body.prospects.1.email', 'body.prospects.2.email', 'body.webhook_url']),
    );
    const missing = await post('/v1/email-validation/', { job_name: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.details).toEqual([
      { field: 'body.prospects', rule: 'required', message: 'is required' },
    ]);
    const empty = await post('/v1/email-validation/', job([]));
    expect(empty.json().error.details[0].field).toBe('body.prospects');
    const single = await post('/v1/email-validation/single/', { email: `${'x'.repeat(250)}@a.test` });
    expect(single.statusCode).toBe(422);
    expect(single.json().error.details[0].field).toBe('body.email');
    const query = await get('/v1/email-validation/?limit=0');
    expect(query.statusCode).toBe(422);
    expect(query.json().error.details[0].field).toBe('query.limit');
    expect(await balance()).toBe(10);
  });

  it('422 body.webhook_url when the target is refused: private, http, loopback without the switch', async () => {
    for (const url of [
      'https://10.1.2.3/hooks',
      'http://93.184.215.14/hooks',
      'http://127.0.0.1:9/hooks',
      'https://169.254.169.254/x',
    ]) {
      const res = await post('/v1/email-validation/', job(['a@ok.leadforge.test'], { webhook_url: url }));
      expect(res.statusCode, url).toBe(422);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error.details).toEqual([
        { field: 'body.webhook_url', rule: 'webhook_target', message: expect.any(String) },
      ]);
    }
    const ok = await post(
      '/v1/email-validation/',
      job(['a@ok.leadforge.test'], { webhook_url: 'https://93.184.215.14/hooks' }),
    );
    expect(ok.statusCode).toBe(202);
    expect(await balance()).toBe(9);
  });
});

describeEachDialect('/v1/email-validation/ with LEADFORGE_WEBHOOK_ALLOW_LOOPBACK', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 10, env: { LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  });
  afterEach(() => t.close());

  it('takes http to loopback for a test key, never for a live key', async () => {
    const payload = {
      job_name: 'x',
      prospects: [{ email: 'a@ok.leadforge.test' }],
      webhook_url: 'http://127.0.0.1:9/h',
    };
    const test = await t.server.inject({
      method: 'POST',
      url: '/v1/email-validation/',
      headers: bearer(t.account.key),
      payload,
    });
    expect(test.statusCode).toBe(202);
    const { key } = await t.app.accounts.createKey(t.account.id, 'live');
    const live = await t.server.inject({ method: 'POST', url: '/v1/email-validation/', headers: bearer(key), payload });
    expect(live.statusCode).toBe(422);
    expect(live.json().error.details[0].field).toBe('body.webhook_url');
  });
});
