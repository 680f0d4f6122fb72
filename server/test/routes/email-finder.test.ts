import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  EmailFinderJobAcceptedOutSchema,
  EmailFinderJobInProgressOutSchema,
  EmailFinderJobListOutSchema,
  EmailFinderJobOutSchema,
  EmailFinderOutSchema,
} from '../../../lib/contract/email-finder.ts';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { EMAIL_FINDER_RUN, emailFinderJob } from '../../src/email-finder/run-job.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { FAST_SANDBOX, FAST_SANDBOX_ENV } from '../support/sandbox.ts';

// People of the FAST_SANDBOX world (seed leadforge-tests): see server/src/sandbox/world.
const CHRIS = { first_name: 'Christopher', last_name: 'Harris', company_domain: 'smithgenomics.test' };
const CHRIS_EMAIL = 'christopher.harris@smithgenomics.test';
const RACHEL = { first_name: 'Rachel', last_name: 'Patel', company_name: 'Smith Genomics Inc.' };

/** The email finder endpoints by status. No worker runs here: bulk jobs stay pending until run by hand. */
describeEachDialect('/v1/email-finder/', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 10, env: { ...FAST_SANDBOX_ENV }, worlds: FAST_SANDBOX });
  });
  afterEach(() => t.close());

  const post = (url: string, payload: unknown, key = t.account.key) =>
    t.server.inject({ method: 'POST', url, headers: bearer(key), payload: payload as Record<string, unknown> });
  const get = (url: string, key = t.account.key) => t.server.inject({ method: 'GET', url, headers: bearer(key) });
  const balance = async () => (await t.app.credits.balance(t.account.id)).available;
  const handler = (verifier = (mode: 'test' | 'live') => t.app.worlds.verifier(mode)) =>
    emailFinderJob({
      store: t.app.store,
      credits: t.app.credits,
      webhooks: t.app.webhooks,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      verifier,
    });
  /** Runs the job's handler here, as a worker would (no lease to lose). */
  const runJob = async (jobId: string) => {
    const row = await t.app.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('payload', 'like', `%${jobId}%`)
      .executeTakeFirstOrThrow();
    await handler().run({
      job: row,
      payload: { jobId },
      attempt: 1,
      checkpoint: null,
      signal: new AbortController().signal,
      saveCheckpoint: async () => {},
      fenced: (fn) => fn(t.app.store.db),
    });
  };

  it('200 single: the person’s confirmed address as safe, for 1 credit; the company’s name alone finds its domain', async () => {
    const res = await post('/v1/email-finder/single/', CHRIS);
    expect(res.statusCode).toBe(200);
    const body = EmailFinderOutSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      success: true,
      prospect: {
        first_name: 'Christopher',
        last_name: 'Harris',
        full_name: 'Christopher Harris',
        company_name: null,
        company_domain: 'smithgenomics.test',
        found_email: CHRIS_EMAIL,
        email_validity: 'safe',
        status: 'complete',
        error_message: null,
      },
    });
    expect(await balance()).toBe(9);

    const byName = EmailFinderOutSchema.parse((await post('/v1/email-finder/single/', RACHEL)).json());
    expect(byName.prospect).toMatchObject({
      found_email: 'rachel.patel@smithgenomics.test',
      email_validity: 'safe',
      company_name: 'Smith Genomics Inc.',
      company_domain: null,
    });
    expect(await balance()).toBe(8);
  });

  it('200 single from form-encoded and multipart bodies', async () => {
    const form = await t.server.inject({
      method: 'POST',
      url: '/v1/email-finder/single/',
      headers: { ...bearer(t.account.key), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(CHRIS).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().prospect).toMatchObject({ found_email: CHRIS_EMAIL, email_validity: 'safe' });

    const boundary = 'lf-boundary-7';
    const parts = Object.entries({ ...RACHEL, company_domain: '' })
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const multi = await t.server.inject({
      method: 'POST',
      url: '/v1/email-finder/single/',
      headers: { ...bearer(t.account.key), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts}--${boundary}--\r\n`,
    });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().prospect).toMatchObject({
      found_email: 'rachel.patel@smithgenomics.test',
      company_domain: null,
    });
    expect(await balance()).toBe(8);
  });

  it('200 single with nothing to charge: not found, no mail host, catch-all (suspect)', async () => {
    const nobody = EmailFinderOutSchema.parse(
      (await post('/v1/email-finder/single/', { ...CHRIS, first_name: 'Zebedee', last_name: 'Quaxley' })).json(),
    );
    expect(nobody).toMatchObject({
      success: true,
      prospect: { found_email: null, email_validity: null, status: 'failed' },
    });
    expect(nobody.prospect.error_message).toMatch(/^not_found: /);

    const nullMx = EmailFinderOutSchema.parse(
      (await post('/v1/email-finder/single/', { ...CHRIS, company_domain: 'nullmx.leadforge.test' })).json(),
    );
    expect(nullMx.prospect).toMatchObject({ found_email: null, status: 'failed' });
    expect(nullMx.prospect.error_message).toMatch(/^no_mail_host: /);

    const catchAll = EmailFinderOutSchema.parse(
      (
        await post('/v1/email-finder/single/', {
          first_name: 'Owen',
          last_name: 'Wright',
          company_domain: 'atlasloop.test',
        })
      ).json(),
    );
    expect(catchAll.prospect).toMatchObject({
      found_email: 'owen.wright@atlasloop.test',
      email_validity: 'suspect',
      status: 'complete',
    });
    expect(await balance()).toBe(10);
  });

  it('200 single on an empty balance (never 402): a find is withheld as insufficient_credits, a miss is free', async () => {
    await t.app.credits.debit(t.account.id, 10, 'drain');
    const res = await post('/v1/email-finder/single', CHRIS);
    expect(res.statusCode).toBe(200);
    expect(EmailFinderOutSchema.strict().parse(res.json())).toMatchObject({
      success: true,
      prospect: { found_email: null, email_validity: null, status: 'failed', error_message: 'insufficient_credits' },
    });
    const miss = await post('/v1/email-finder/single/', { ...CHRIS, first_name: 'Zebedee', last_name: 'Quaxley' });
    expect(miss.json().prospect.error_message).toMatch(/^not_found: /);
    expect(await balance()).toBe(0);
  });

  it('422 names the failing field, whatever the body’s encoding; a file part is refused', async () => {
    const noCompany = await post('/v1/email-finder/single/', { first_name: 'Jane', last_name: 'Doe' });
    expect(noCompany.statusCode).toBe(422);
    expect(noCompany.json().error.details).toEqual([
      { field: 'body', rule: 'custom', message: 'at least one of company_name or company_domain is required' },
    ]);
    const badDomain = await post('/v1/email-finder/single/', { ...CHRIS, company_domain: 'https://acme.com/x' });
    expect(badDomain.json().error.details[0]).toMatchObject({ field: 'body.company_domain' });
    const form = await t.server.inject({
      method: 'POST',
      url: '/v1/email-finder/single/',
      headers: { ...bearer(t.account.key), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'first_name=Jane&company_domain=acme.com',
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().error.details).toEqual([{ field: 'body.last_name', rule: 'required', message: 'is required' }]);
    const boundary = 'b0';
    const file = await t.server.inject({
      method: 'POST',
      url: '/v1/email-finder/single/',
      headers: { ...bearer(t.account.key), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="first_name"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nJane\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="last_name"\r\n\r\nDoe\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="company_domain"\r\n\r\nacme.com\r\n--${boundary}--\r\n`,
    });
    expect(file.statusCode, file.body).toBe(422);
    expect(ErrorBodySchema.parse(file.json()).error.details).toEqual([
      { field: 'body.first_name', rule: 'invalid_type', message: 'must be a text field, not a file' },
    ]);
    expect(await balance()).toBe(10);
  });

  it('415 for form bodies on the bulk endpoint (only the single lookup takes them)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/v1/email-finder/',
        headers: { ...bearer(t.account.key), 'content-type': type },
        payload: 'a=b',
      });
      expect(res.statusCode, type).toBe(415);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('UnsupportedMediaType');
    }
  });

  it('202 create, 202 retrieve while pending, list newest first; nothing charged at acceptance', async () => {
    const first = await post('/v1/email-finder/', { job_name: 'Q3', prospects: [CHRIS, RACHEL] });
    expect(first.statusCode).toBe(202);
    const accepted = EmailFinderJobAcceptedOutSchema.parse(first.json());
    expect(accepted.message).toMatch(/2 people/);
    const second = await post('/v1/email-finder/', { prospects: [CHRIS] });
    expect(second.statusCode).toBe(202);
    expect(await balance()).toBe(10);

    const pending = await get(`/v1/email-finder/${accepted.job_id}/`);
    expect(pending.statusCode).toBe(202);
    expect(EmailFinderJobInProgressOutSchema.strict().parse(pending.json())).toMatchObject({
      id: accepted.job_id,
      status: 'pending',
      progress: 0,
    });
    const list = EmailFinderJobListOutSchema.parse((await get('/v1/email-finder/')).json());
    expect(list.map((j) => [j.id, j.job_name, j.prospect_count])).toEqual([
      [second.json().job_id, null, 1],
      [accepted.job_id, 'Q3', 2],
    ]);
    expect(list[1]).toMatchObject({ status: 'pending', job_type: 'email_finder', error_message: null });
    const paged = EmailFinderJobListOutSchema.parse((await get('/v1/email-finder/?limit=1&offset=1')).json());
    expect(paged.map((j) => j.id)).toEqual([accepted.job_id]);
    const queued = await t.app.store.db.selectFrom('jobs').select(['kind', 'payload']).execute();
    expect(queued).toEqual([
      { kind: EMAIL_FINDER_RUN, payload: JSON.stringify({ jobId: accepted.job_id }) },
      { kind: EMAIL_FINDER_RUN, payload: JSON.stringify({ jobId: second.json().job_id }) },
    ]);
  });

  it('200 retrieve of a finished job: prospects in order, charged at the end for safe and riskier only, the rest withheld', async () => {
    await t.app.credits.debit(t.account.id, 8, 'leave two');
    const people = [
      CHRIS,
      { first_name: 'Zebedee', last_name: 'Quaxley', company_domain: 'smithgenomics.test' },
      { first_name: 'Owen', last_name: 'Wright', company_domain: 'atlasloop.test' },
      RACHEL,
      { first_name: 'Noah', last_name: 'Walker', company_domain: 'smithgenomics.test', company_name: 'Smith Genomics' },
    ];
    const { job_id } = (await post('/v1/email-finder/', { prospects: people })).json();
    await runJob(job_id);
    const res = await get(`/v1/email-finder/${job_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = EmailFinderJobOutSchema.strict().parse(res.json());
    expect(body).toMatchObject({ id: job_id, status: 'complete', progress: 100, error_message: null });
    expect(
      body.prospects.map((p) => [p.found_email, p.email_validity, p.status, p.error_message?.split(':')[0] ?? null]),
    ).toEqual([
      [CHRIS_EMAIL, 'safe', 'complete', null],
      [null, null, 'failed', 'not_found'],
      ['owen.wright@atlasloop.test', 'suspect', 'complete', null],
      ['rachel.patel@smithgenomics.test', 'safe', 'complete', null],
      [null, null, 'failed', 'insufficient_credits'],
    ]);
    expect(body.prospects.map((p) => p.full_name)).toEqual(people.map((p) => `${p.first_name} ${p.last_name}`));
    expect(new Set(body.prospects.map((p) => p.id)).size).toBe(5);
    expect(await balance()).toBe(0);
    const debits = await t.app.store.db
      .selectFrom('credit_entries')
      .select(['amount', 'idempotency_key'])
      .where('idempotency_key', '=', `email_finder:${job_id}`)
      .execute();
    expect(debits).toEqual([{ amount: 2, idempotency_key: `email_finder:${job_id}` }]);
  });

  it('200 for a job out of attempts: failed, its unsearched prospects failed, and its webhook recorded', async () => {
    const created = await post('/v1/email-finder/', { prospects: [CHRIS], webhook_url: 'https://93.184.215.14/hooks' });
    const jobId: string = created.json().job_id;
    const row = await t.app.store.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    await handler(() => Promise.reject(new Error('no world'))).onFailed?.(row, 'no world');
    const res = await get(`/v1/email-finder/${jobId}/`);
    expect(res.statusCode).toBe(200);
    const body = EmailFinderJobOutSchema.parse(res.json());
    expect(body).toMatchObject({
      status: 'failed',
      progress: 100,
      error_message: 'the job could not finish: no world',
    });
    expect(body.prospects).toMatchObject([{ found_email: null, status: 'failed', error_message: body.error_message }]);
    const messages = await t.app.store.db.selectFrom('webhook_messages').selectAll().execute();
    expect(messages).toMatchObject([{ job_id: jobId, event_type: 'email_finder.failed', mode: 'test' }]);
    expect(JSON.parse(messages[0]?.payload ?? '')).toEqual(res.json());
    expect(await balance()).toBe(10);
  });

  it("404 for another account's job and for an unknown id", async () => {
    const { job_id } = (await post('/v1/email-finder/', { prospects: [CHRIS] })).json();
    const other = await t.app.accounts.create(`other-${Date.now()}`);
    const { key } = await t.app.accounts.createKey(other.id, 'test');
    for (const res of [
      await get(`/v1/email-finder/${job_id}/`, key),
      await get('/v1/email-finder/0190c9a1-7e4b-7cc3-8a1e-6a1d2c3b4a59/'),
      await get('/v1/email-finder/not-a-uuid/'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('NotFound');
    }
    expect(await get('/v1/email-finder/', key).then((r) => r.json())).toEqual([]);
  });

  it('422 names each failing prospect field, the list query and a refused webhook', async () => {
    const bad = await post('/v1/email-finder/', {
      prospects: [CHRIS, { first_name: 'Al', last_name: 'Bo' }, { ...CHRIS, company_domain: 'x..y' }],
      webhook_url: 'ftp://hooks.example.com/x',
    });
    expect(bad.statusCode).toBe(422);
    const fields = ErrorBodySchema.parse(bad.json()).error.details?.map((d) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.prospects.1', 'body.prospects.2.company_domain', 'body.webhook_url']),
    );
    const tooMany = await post('/v1/email-finder/', { prospects: Array(10_001).fill(CHRIS) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().error.details[0].field).toBe('body.prospects');
    const refused = await post('/v1/email-finder/', { prospects: [CHRIS], webhook_url: 'https://10.1.2.3/h' });
    expect(refused.json().error.details).toEqual([
      { field: 'body.webhook_url', rule: 'webhook_target', message: expect.any(String) },
    ]);
    const query = await get('/v1/email-finder/?limit=101');
    expect(query.statusCode).toBe(422);
    expect(query.json().error.details[0].field).toBe('query.limit');
    for (const q of ['limit=0', 'offset=-1', 'limit=abc', 'page=2']) {
      const res = await get(`/v1/email-finder?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('ValidationError');
    }
    expect(await get('/v1/email-finder/').then((r) => r.json())).toEqual([]);
  });

  it('202 on an empty balance (never 402): the job runs, and its finds are withheld when it finishes', async () => {
    await t.app.credits.debit(t.account.id, 10, 'drain');
    const res = await post('/v1/email-finder', { prospects: [CHRIS] });
    expect(res.statusCode).toBe(202);
    const { job_id } = EmailFinderJobAcceptedOutSchema.parse(res.json());
    await runJob(job_id);
    const body = EmailFinderJobOutSchema.parse((await get(`/v1/email-finder/${job_id}/`)).json());
    expect(body).toMatchObject({ status: 'complete', error_message: null });
    expect(body.prospects).toMatchObject([
      { found_email: null, email_validity: null, status: 'failed', error_message: 'insufficient_credits' },
    ]);
    expect(await balance()).toBe(0);
  });
});
