import { parse } from 'csv-parse/sync';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import {
  ExtractionCreateOutSchema,
  ExtractionDetailOutSchema,
  ExtractionInProgressOutSchema,
  ExtractionListOutSchema,
  SingleExtractionOutSchema,
} from '../../../lib/contract/extractions.ts';
import { extractionCsv } from '../../../lib/export/csv-file.ts';
import { columnNames, recordRow } from '../../../lib/records/records.ts';
import { createWorker } from '../../src/app/worker.ts';
import { EXTRACTION_RUN, extractionJob } from '../../src/extractions/run-job.ts';
import type { SeatConnectorFactory } from '../../src/extractions/seat-connector.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { SalesToolUnavailable } from '../../src/salestool/errors.ts';
import { RateLimiter } from '../../src/sandbox/salestool/rate-limit.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import {
  connectSeat,
  EXTRACTION_WORLDS,
  jobDeps,
  L,
  leadView,
  memberList,
  runDueExtractionJobs,
  SENIOR_OR_CXO,
  searchHits,
} from '../support/extractions.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00:00$/;

/** The extraction endpoints by status. Jobs run by hand (runDueExtractionJobs) unless a test starts a worker. */
describeEachDialect('/v1/extractions/', (dialect) => {
  let t: TestApp;
  let worker: Worker | null = null;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 200, env: { ...FAST_SANDBOX_ENV }, worlds: EXTRACTION_WORLDS });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    await t.close();
  });

  const post = (url: string, payload: unknown, key = t.account.key) =>
    t.server.inject({ method: 'POST', url, headers: bearer(key), payload: payload as Record<string, unknown> });
  const get = (url: string, headers: Record<string, string> = {}, key = t.account.key) =>
    t.server.inject({ method: 'GET', url, headers: { ...bearer(key), ...headers } });
  const balance = async () => t.app.credits.balance(t.account.id);
  const startWorker = () => {
    worker = createWorker(t.app, pino({ level: 'silent' }));
    worker.start();
  };
  /** The error body of a refused request, checked against the contract; its details by field. */
  const refusal = (res: { statusCode: number; body: string; json(): unknown }, status: number, type: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = ErrorBodySchema.strict().parse(res.json());
    expect(body.error.type).toBe(type);
    return body.error;
  };
  const fields = (error: { details?: { field: string; rule: string }[] | undefined }) =>
    Object.fromEntries((error.details ?? []).map((d) => [d.field, d.rule]));
  const extractionCount = async () =>
    Number(
      (
        await t.app.store.db
          .selectFrom('extractions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('202 url: accepted as ACCEPTED with count 0, nothing charged; 202 detail while it waits, with the tool’s estimate', async () => {
    await connectSeat(t);
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const res = await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: '  Seniors  ' });
    expect(res.statusCode, res.body).toBe(202);
    const created = ExtractionCreateOutSchema.strict().parse(res.json());
    expect(created).toMatchObject({ success: true, status: 'ACCEPTED', count: 0 });
    expect(created.extraction_id).toMatch(UUID7);
    expect(await balance()).toEqual({ available: 200, held: 0 });

    const detail = await get(`/v1/extractions/${created.extraction_id}/`);
    expect(detail.statusCode).toBe(202);
    expect(ExtractionInProgressOutSchema.strict().parse(detail.json())).toEqual({
      search_id: created.extraction_id,
      search_name: 'Seniors',
      status: 'ACCEPTED',
      progress: 0,
      extraction_type: 'SEARCH',
      created_at: '2026-11-01 12:00:00+00:00',
      total_prospects: hits.length,
    });
    // The CSV asked of a running extraction is the same 202.
    const csv = await get(`/v1/extractions/${created.extraction_id}/?format=csv`);
    expect(csv.statusCode).toBe(202);
    expect(csv.json()).toEqual(detail.json());
  });

  it('200 detail once executed: every record in the tool’s order, paged by start and limit with has_more', async () => {
    await connectSeat(t);
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const { extraction_id: id } = (
      await post('/v1/extractions/url', { linkedin_url: SENIOR_OR_CXO, search_name: 'Seniors' })
    ).json();
    expect(await runDueExtractionJobs(t)).toBe(1);

    const full = await get(`/v1/extractions/${id}/`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toMatch(/^application\/json/);
    const body = ExtractionDetailOutSchema.strict().parse(full.json());
    expect(body).toMatchObject({
      search_id: id,
      search_name: 'Seniors',
      status: 'EXECUTED',
      extraction_type: 'SEARCH',
      total_prospects: hits.length,
      progress: 100,
      failure_reason: '',
      start: 0,
      limit: null,
      returned_count: hits.length,
      total_count: hits.length,
      has_more: false,
    });
    expect(body.completed_at).toMatch(TIME);
    expect(body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(hits.map((h) => h.view.lead.profileId));
    expect(body.prospects.map((p) => p['Result Position'])).toEqual(hits.map((_, i) => i + 1));
    // 1 credit per record, taken when the results are ready.
    expect(await balance()).toEqual({ available: 200 - hits.length, held: 0 });

    const pages: unknown[] = [];
    for (let start = 0; ; ) {
      const page = ExtractionDetailOutSchema.parse(
        (await get(`/v1/extractions/${id}/?start=${start}&limit=20`)).json(),
      );
      expect(page).toMatchObject({ start, limit: 20, total_count: hits.length });
      expect(page.returned_count).toBe(page.prospects.length);
      pages.push(...page.prospects);
      if (!page.has_more) break;
      expect(page.returned_count).toBe(20);
      start += page.returned_count;
    }
    expect(pages).toEqual(body.prospects);

    const counts = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${id}?limit=0`)).json());
    expect(counts).toMatchObject({ prospects: [], returned_count: 0, total_count: hits.length, has_more: true });
    const past = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${id}/?start=1000`)).json());
    expect(past).toMatchObject({ prospects: [], start: 1000, limit: null, returned_count: 0, has_more: false });
    const tail = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${id}/?start=${hits.length - 3}`)).json());
    expect(tail.prospects).toEqual(body.prospects.slice(-3));
    expect(tail.has_more).toBe(false);
  });

  it('CSV by ?format=csv or Accept: text/csv: the header in column order, one row per record', async () => {
    await connectSeat(t);
    const { extraction_id: id } = (
      await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'Seniors' })
    ).json();
    await runDueExtractionJobs(t);
    const json = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${id}/`)).json());
    const byQuery = await get(`/v1/extractions/${id}/?format=csv`);
    const byAccept = await get(`/v1/extractions/${id}/`, { accept: 'text/csv' });
    for (const res of [byQuery, byAccept]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toContain('.csv');
      const rows: string[][] = parse(res.body, { bom: true });
      expect(rows[0]).toEqual(columnNames('lead'));
      expect(rows.slice(1)).toEqual(
        json.prospects.map((p) =>
          recordRow('lead', p as never).map((v) => (v === null || v === undefined ? '' : String(v))),
        ),
      );
    }
    expect(byAccept.body).toBe(byQuery.body);
    // The very file the extension builds from the same records (lib/export/csv-file.ts).
    expect(byQuery.body).toBe(extractionCsv(json.prospects, 'lead'));
    // start and limit page the rows as they page the JSON; the header comes with every page.
    const page = await get(`/v1/extractions/${id}/?format=csv&start=5&limit=3`);
    expect(page.body).toBe(extractionCsv(json.prospects.slice(5, 8), 'lead'));
    const header = await get(`/v1/extractions/${id}/?limit=0`, { accept: 'text/csv' });
    expect(header.body).toBe(extractionCsv([], 'lead'));
    // format=json wins over the Accept header.
    const asJson = await get(`/v1/extractions/${id}/?format=json`, { accept: 'text/csv' });
    expect(asJson.headers['content-type']).toMatch(/^application\/json/);
    refusal(await get(`/v1/extractions/${id}/?format=xml`), 422, 'ValidationError');

    // A cell a spreadsheet would run as a formula is neutralised; the JSON keeps it as it is.
    const first = await t.app.store.db
      .selectFrom('extraction_items')
      .select(['position', 'record'])
      .where('extraction_id', '=', id)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    const formula = '=HYPERLINK("https://evil.test","x")';
    await t.app.store.db
      .updateTable('extraction_items')
      .set({ record: JSON.stringify({ ...JSON.parse(first.record ?? '{}'), Headline: formula }) })
      .where('extraction_id', '=', id)
      .where('position', '=', first.position)
      .execute();
    const guarded: string[][] = parse((await get(`/v1/extractions/${id}/?format=csv`)).body, { bom: true });
    expect(guarded[1]?.[columnNames('lead').indexOf('Headline')]).toBe(`'${formula}`);
    const raw = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${id}/?limit=1`)).json());
    expect(raw.prospects[0]?.Headline).toBe(formula);
  });

  it('202 profiles: count is the profiles submitted; records in submitted order; duplicates count once', async () => {
    await connectSeat(t);
    const list = await memberList(t, 'LEAD');
    const ids = list.entries.slice(0, 5).map((e) => e.id);
    const refs = [`${L}/sales/lead/${ids[0]},NAME_SEARCH,x1`, ...ids.slice(1), ids[2]];
    const res = await post('/v1/extractions/profiles/', { profile_ids: refs, search_name: 'Five' });
    expect(res.statusCode, res.body).toBe(202);
    const created = ExtractionCreateOutSchema.strict().parse(res.json());
    expect(created).toMatchObject({ success: true, status: 'ACCEPTED', count: 5 });
    await runDueExtractionJobs(t);
    const body = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${created.extraction_id}/`)).json());
    expect(body).toMatchObject({ status: 'EXECUTED', extraction_type: 'UPLOAD', total_prospects: 5, total_count: 5 });
    expect(body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(ids);
    for (const p of body.prospects) {
      const view = await leadView(t, String(p['Sales Navigator ID']));
      expect(p['Full Name']).toBe(view?.person.fullName);
      expect(p['Company Name']).toBe(view?.company.name);
      expect(p).toMatchObject({ 'Matches Filters': true, 'Match Issues': '', Email: null, 'Email Status': null });
    }
    expect(await balance()).toEqual({ available: 195, held: 0 });
  });

  it('200 single: the lead’s record within the wait, for 1 credit; an account by its bare id', async () => {
    await connectSeat(t);
    startWorker();
    const [lead] = (await memberList(t, 'LEAD')).entries;
    const res = await post('/v1/extractions/single/', { profile_id: lead?.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = SingleExtractionOutSchema.strict().parse(res.json());
    expect(body.extraction_id).toMatch(UUID7);
    const view = await leadView(t, lead?.id ?? '');
    expect(body.prospect).toMatchObject({
      'Sales Navigator ID': lead?.id,
      'Full Name': view?.person.fullName,
      'Company Name': view?.company.name,
    });
    const [account] = (await memberList(t, 'ACCOUNT')).entries;
    const acc = SingleExtractionOutSchema.parse(
      (await post('/v1/extractions/single', { profile_id: account?.id })).json(),
    );
    expect(acc.prospect['Company ID']).toBe(account?.id);
    expect(acc.prospect).not.toHaveProperty('Full Name');
    expect(await balance()).toEqual({ available: 198, held: 0 });
    // Both are extractions of type SINGLE, in the list and at the detail endpoint.
    const listed = ExtractionListOutSchema.parse((await get('/v1/extractions/')).json());
    expect(listed.map((e) => [e.search_id, e.extraction_type, e.status])).toEqual([
      [acc.extraction_id, 'SINGLE', 'EXECUTED'],
      [body.extraction_id, 'SINGLE', 'EXECUTED'],
    ]);
    const detail = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${body.extraction_id}/`)).json());
    expect(detail.prospects).toEqual([body.prospect]);
    // An account extraction's CSV has the account columns.
    const csv: string[][] = parse((await get(`/v1/extractions/${acc.extraction_id}/?format=csv`)).body, { bom: true });
    expect(csv[0]).toEqual(columnNames('account'));
    expect(csv).toHaveLength(2);

    // enrich_email=all: the lead's own address, found and verified within the same wait, in the same credit.
    const tool = await t.app.worlds.salesToolServer();
    const atNormal = tool.state.tool
      .at(tool.state.clock.now())
      .leads.find((l) => l.company.mail === 'normal' && l.person.mailbox === 'active');
    const enriched = await post('/v1/extractions/single/', {
      profile_id: atNormal?.lead.profileId,
      enrich_email: 'all',
    });
    expect(enriched.statusCode, enriched.body).toBe(200);
    expect(SingleExtractionOutSchema.parse(enriched.json()).prospect).toMatchObject({
      'Full Name': atNormal?.person.fullName,
      Email: atNormal?.person.email,
    });
    expect(await balance()).toEqual({ available: 197, held: 0 });
  });

  it('202 single when the record is not ready within the wait: the extraction id to poll, then its record and webhook', async () => {
    await connectSeat(t);
    const [lead] = (await memberList(t, 'LEAD')).entries;
    const auth = { accountId: t.account.id, keyId: '', mode: 'test' as const };
    const hook = 'https://93.184.215.14/hooks';
    // No worker runs: the wait (shortened here from about 25 s) runs out.
    const answer = await t.app.extractions.single(
      auth,
      { profile_id: lead?.id ?? '', enrich_email: 'none', webhook_url: hook },
      50,
    );
    expect(answer.status).toBe(202);
    const accepted = ExtractionCreateOutSchema.strict().parse(answer.body);
    expect(accepted).toMatchObject({ success: true, status: 'ACCEPTED', count: 1 });
    expect((await get(`/v1/extractions/${accepted.extraction_id}/`)).statusCode).toBe(202);
    await runDueExtractionJobs(t);
    const done = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${accepted.extraction_id}/`)).json());
    expect(done).toMatchObject({ status: 'EXECUTED', extraction_type: 'SINGLE', total_count: 1 });
    expect(done.prospects[0]?.['Sales Navigator ID']).toBe(lead?.id);
    // The webhook_url the single endpoint takes (api.md, Events) hears of it when it finishes.
    const messages = await t.app.store.db
      .selectFrom('webhook_messages')
      .select(['job_id', 'event_type', 'url'])
      .execute();
    expect(messages).toEqual([{ job_id: accepted.extraction_id, event_type: 'extraction.finished', url: hook }]);
    const refused = await post('/v1/extractions/single/', { profile_id: lead?.id, webhook_url: 'https://10.0.0.1/h' });
    expect(fields(refusal(refused, 422, 'ValidationError'))).toEqual({ 'body.webhook_url': 'webhook_target' });
  });

  it('profiles the sales tool does not give are no records and cost nothing; when none is given the extraction fails with invalid_urls', async () => {
    await connectSeat(t);
    const ids = (await memberList(t, 'LEAD')).entries.slice(0, 2).map((e) => e.id);
    const ghost = 'ACwAAAZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';
    const some = await post('/v1/extractions/profiles/', { profile_ids: [ids[0], ghost, ids[1]], search_name: 'x' });
    expect(some.json()).toMatchObject({ count: 3 });
    await runDueExtractionJobs(t);
    const partial = ExtractionDetailOutSchema.parse(
      (await get(`/v1/extractions/${some.json().extraction_id}/`)).json(),
    );
    expect(partial).toMatchObject({ status: 'EXECUTED', failure_reason: '', total_prospects: 3, total_count: 2 });
    expect(partial.prospects.map((p) => p['Sales Navigator ID'])).toEqual(ids);
    expect(await balance()).toEqual({ available: 198, held: 0 });

    const none = await post('/v1/extractions/profiles/', {
      profile_ids: [ghost, '99999999'.replace(/9/g, 'A')],
      search_name: 'y',
    });
    expect(none.statusCode, none.body).toBe(202);
    await runDueExtractionJobs(t);
    const failed = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${none.json().extraction_id}/`)).json());
    expect(failed).toMatchObject({ status: 'FAILED', failure_reason: 'invalid_urls', total_count: 0, prospects: [] });
    expect(await balance()).toEqual({ available: 198, held: 0 });

    // A single one the tool does not give: 200 with an empty prospect (api.md), nothing charged.
    startWorker();
    const single = await post('/v1/extractions/single/', { profile_id: `${L}/sales/company/1` });
    expect(single.statusCode, single.body).toBe(200);
    expect(SingleExtractionOutSchema.strict().parse(single.json()).prospect).toEqual({});
    expect(await balance()).toEqual({ available: 198, held: 0 });
    const quota = (await get('/v1/quota/')).json().quota;
    expect(quota.used_today).toBe(2);
  });

  it('409 from a single whose seat’s session the tool refuses during the call; the extraction stays, failed with auth_error', async () => {
    await connectSeat(t);
    const [lead] = (await memberList(t, 'LEAD')).entries;
    (await t.app.worlds.salesToolServer()).state.sessions.revokeMember('demo');
    startWorker();
    const error = refusal(await post('/v1/extractions/single/', { profile_id: lead?.id }), 409, 'NoUsableSeat');
    expect(error.message).toMatch(/reconnect/);
    const [listed] = ExtractionListOutSchema.parse((await get('/v1/extractions/')).json());
    expect(listed).toMatchObject({ extraction_type: 'SINGLE', status: 'FAILED' });
    const detail = ExtractionDetailOutSchema.parse((await get(`/v1/extractions/${listed?.search_id}/`)).json());
    expect(detail).toMatchObject({ failure_reason: 'auth_error', total_count: 0 });
    expect(await balance()).toEqual({ available: 200, held: 0 });
  });

  it('200 FAILED for an extraction out of attempts: the records built are kept and charged, the failed webhook recorded', async () => {
    await connectSeat(t);
    const hook = 'https://93.184.215.14/hooks';
    const created = await post('/v1/extractions/url/', {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'x',
      webhook_url: hook,
    });
    const id: string = created.json().extraction_id;
    // The tool stops answering after 30 profiles, for good.
    const failing: SeatConnectorFactory = async (seat, mode, opts) => {
      const link = await t.app.connectors(seat, mode, opts);
      const profile = link.connector.profile.bind(link.connector);
      let reads = 0;
      link.connector.profile = (lead) =>
        ++reads > 30 ? Promise.reject(new SalesToolUnavailable('no answer', null)) : profile(lead);
      return link;
    };
    await expect(runDueExtractionJobs(t, { connectors: failing })).rejects.toThrow('no answer');
    expect((await get(`/v1/extractions/${id}/`)).statusCode).toBe(202);
    const held = (await balance()).held;
    expect(held).toBeGreaterThan(0);
    const job = await t.app.store.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', EXTRACTION_RUN)
      .executeTakeFirstOrThrow();
    await extractionJob(jobDeps(t)).onFailed?.(job, 'SalesToolUnavailable: no answer');

    const res = await get(`/v1/extractions/${id}/`);
    expect(res.statusCode).toBe(200);
    const body = ExtractionDetailOutSchema.strict().parse(res.json());
    expect(body).toMatchObject({ status: 'FAILED', failure_reason: '', total_count: held });
    expect(body.completed_at).toMatch(TIME);
    expect(await balance()).toEqual({ available: 200 - held, held: 0 });
    const messages = await t.app.store.db
      .selectFrom('webhook_messages')
      .select(['job_id', 'event_type', 'url'])
      .execute();
    expect(messages).toEqual([{ job_id: id, event_type: 'extraction.failed', url: hook }]);
  });

  it('list: newest first, paged by start and limit, filtered by the lowercase states', async () => {
    await connectSeat(t);
    const [a, b, c] = (await memberList(t, 'LEAD')).entries.map((e) => e.id);
    const ids: string[] = [];
    for (const [i, ref] of [a, b, c].entries()) {
      t.clock.advance(1_000);
      ids.push(
        (await post('/v1/extractions/profiles/', { profile_ids: [ref], search_name: `n${i}` })).json().extraction_id,
      );
    }
    // The first two run; the third stays queued.
    await t.app.store.db
      .updateTable('jobs')
      .set({ run_at: t.clock.now() + 60_000 })
      .where('payload', 'like', `%${ids[2]}%`)
      .execute();
    await runDueExtractionJobs(t);
    await t.app.store.db
      .updateTable('extractions')
      .set({ status: 'FAILED', failure_reason: 'auth_error' })
      .where('id', '=', ids[0] ?? '')
      .execute();

    const all = ExtractionListOutSchema.parse((await get('/v1/extractions/')).json());
    expect(all.map((e) => e.search_id)).toEqual([...ids].reverse());
    expect(all[0]).toEqual({
      search_id: ids[2],
      search_name: 'n2',
      status: 'ACCEPTED',
      extraction_type: 'UPLOAD',
      total_prospects: 1,
      search_date_created: '2026-11-01 12:00:03+00:00',
    });
    const page = ExtractionListOutSchema.parse((await get('/v1/extractions/?start=1&limit=1')).json());
    expect(page.map((e) => e.search_id)).toEqual([ids[1]]);
    const by = async (status: string) =>
      ExtractionListOutSchema.parse((await get(`/v1/extractions/?status=${status}`)).json()).map((e) => e.search_id);
    expect(await by('pending')).toEqual([ids[2]]);
    expect(await by('completed')).toEqual([ids[1]]);
    expect(await by('failed')).toEqual([ids[0]]);
    for (const s of ['processing', 'paused', 'scheduled']) expect(await by(s)).toEqual([]);
    for (const q of ['status=EXECUTED', 'status=done', 'limit=0', 'limit=101', 'start=-1', 'limit=abc', 'offset=2']) {
      const error = refusal(await get(`/v1/extractions/?${q}`), 422, 'ValidationError');
      expect(error.details?.[0]?.field, q).toMatch(/^query/);
    }
  });

  it("404 for another account's extraction, an unknown id and a malformed one; the other account lists nothing", async () => {
    await connectSeat(t);
    const [lead] = (await memberList(t, 'LEAD')).entries;
    const { extraction_id: id } = (
      await post('/v1/extractions/profiles/', { profile_ids: [lead?.id], search_name: 'mine' })
    ).json();
    await runDueExtractionJobs(t);
    const other = await t.app.accounts.create(`other-${Date.now()}`);
    const { key } = await t.app.accounts.createKey(other.id, 'test');
    for (const res of [
      await get(`/v1/extractions/${id}/`, {}, key),
      await get(`/v1/extractions/${id}/?format=csv`, {}, key),
      await get('/v1/extractions/0190c9a1-7e4b-7cc3-8a1e-6a1d2c3b4a59/'),
      await get('/v1/extractions/not-a-uuid/'),
    ]) {
      refusal(res, 404, 'NotFound');
    }
    expect((await get('/v1/extractions/', {}, key)).json()).toEqual([]);
    // An id longer than any the service gives is refused as input (the contract's bound).
    const long = refusal(await get(`/v1/extractions/${'x'.repeat(80)}/`), 422, 'ValidationError');
    expect(fields(long)).toEqual({ 'path.extraction_id': 'too_big' });
  });

  it('422 from the removed /enrich endpoint, whatever the extraction', async () => {
    await connectSeat(t);
    const [lead] = (await memberList(t, 'LEAD')).entries;
    const { extraction_id: id } = (
      await post('/v1/extractions/profiles/', { profile_ids: [lead?.id], search_name: 'mine' })
    ).json();
    for (const url of [
      `/v1/extractions/${id}/enrich`,
      `/v1/extractions/${id}/enrich/`,
      '/v1/extractions/nope/enrich',
    ]) {
      const error = refusal(await post(url, {}), 422, 'ValidationError');
      expect(error.details).toEqual([expect.objectContaining({ rule: 'endpoint_removed' })]);
      expect(error.message).toMatch(/enrich_email/);
    }
    expect(await balance()).toEqual({ available: 200, held: 0 });
    // Authentication comes first, there as on every extraction endpoint.
    for (const [method, url] of [
      ['POST', `/v1/extractions/${id}/enrich`],
      ['POST', '/v1/extractions/url/'],
      ['POST', '/v1/extractions/profiles/'],
      ['POST', '/v1/extractions/single/'],
      ['GET', '/v1/extractions/'],
      ['GET', `/v1/extractions/${id}/`],
    ] as const) {
      const res = await t.server.inject({
        method,
        url,
        headers: { authorization: 'Bearer lf_test_nope' },
        payload: {},
      });
      refusal(res, 401, 'AuthenticationError');
    }
  });

  it('422 names the failing field and rule for every bad body, and stores nothing', async () => {
    await connectSeat(t);
    const cases: [string, unknown, string, string | RegExp][] = [
      ['/v1/extractions/url/', { search_name: 'x' }, 'body.linkedin_url', 'required'],
      ['/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO }, 'body.search_name', 'required'],
      ['/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: '   ' }, 'body.search_name', 'too_small'],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'a\u0000b' },
        'body.search_name',
        'no_nul_character', // refused before the route (api/nul-guard.ts)
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'a\u0007b' },
        'body.search_name',
        'invalid_format',
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'x'.repeat(256) },
        'body.search_name',
        'too_big',
      ],
      ['/v1/extractions/url/', { linkedin_url: 'not a url', search_name: 'x' }, 'body.linkedin_url', /./],
      ['/v1/extractions/url/', { linkedin_url: `${L}/in/jane-doe`, search_name: 'x' }, 'body.linkedin_url', /./],
      [
        '/v1/extractions/url/',
        { linkedin_url: 'https://example.com/sales/search/people', search_name: 'x' },
        'body.linkedin_url',
        /./,
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: `${L}/sales/lead/ACwAAA123,NAME_SEARCH,ab`, search_name: 'x' },
        'body.linkedin_url',
        /./,
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'x', enrich_email: 'some' },
        'body.enrich_email',
        /./,
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'x', webhook_url: 'ftp://h.example.com/' },
        'body.webhook_url',
        /./,
      ],
      [
        '/v1/extractions/url/',
        { linkedin_url: SENIOR_OR_CXO, search_name: 'x', webhook_url: 'https://10.1.2.3/h' },
        'body.webhook_url',
        'webhook_target',
      ],
      ['/v1/extractions/url/', { linkedin_url: 7, search_name: 'x' }, 'body.linkedin_url', 'invalid_type'],
      ['/v1/extractions/profiles/', { profile_ids: [], search_name: 'x' }, 'body.profile_ids', 'too_small'],
      ['/v1/extractions/profiles/', { profile_ids: 'abc', search_name: 'x' }, 'body.profile_ids', 'invalid_type'],
      [
        '/v1/extractions/profiles/',
        { profile_ids: Array(2501).fill('ACwAAA1'), search_name: 'x' },
        'body.profile_ids',
        'too_big',
      ],
      [
        '/v1/extractions/profiles/',
        { profile_ids: ['ACwAAA1', `${L}/in/jane`], search_name: 'x' },
        'body.profile_ids.1',
        /./,
      ],
      [
        '/v1/extractions/profiles/',
        { profile_ids: ['ACwAAA1', '1234567'], search_name: 'x' },
        'body.profile_ids',
        'custom',
      ],
      ['/v1/extractions/profiles/', { profile_ids: ['ACwAAA1'] }, 'body.search_name', 'required'],
      ['/v1/extractions/single/', {}, 'body.profile_id', 'required'],
      ['/v1/extractions/single/', { profile_id: `${L}/in/jane-doe` }, 'body.profile_id', /./],
      ['/v1/extractions/single/', { profile_id: '' }, 'body.profile_id', /./],
      ['/v1/extractions/single/', { profile_id: 'ACwAAA1', enrich_email: 'ALL' }, 'body.enrich_email', /./],
      ['/v1/extractions/single/', { profile_id: 'ACwAAA1', extra: 1 }, 'body', 'unrecognized_keys'],
    ];
    for (const [url, payload, field, rule] of cases) {
      const what = `${url} ${JSON.stringify(payload).slice(0, 120)}`;
      const res = await post(url, payload);
      expect(res.statusCode, what).toBe(422);
      const error = ErrorBodySchema.parse(res.json()).error;
      expect(error.type, what).toBe('ValidationError');
      expect(fields(error), what).toHaveProperty([field]);
      expect(fields(error)[field], what).toMatch(rule);
      expect(error.message, what).toContain(field);
    }
    for (const raw of ['{"linkedin_url": ', '', '[1]', 'null']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/v1/extractions/url/',
        headers: { ...bearer(t.account.key), 'content-type': 'application/json' },
        payload: raw,
      });
      refusal(res, 422, 'ValidationError');
    }
    expect(await extractionCount()).toBe(0);
    expect(await balance()).toEqual({ available: 200, held: 0 });
  });

  it('never a 500 for malformed input: every odd body, query and id is a 4xx with the common error body', async () => {
    await connectSeat(t);
    const odd: unknown[] = [
      null,
      0,
      -1,
      Number.POSITIVE_INFINITY,
      true,
      '',
      ' ',
      '\u0000',
      'ß'.repeat(300),
      [],
      [null],
      {},
      { a: 1 },
    ];
    const bodies: [string, (v: unknown) => unknown][] = [
      ['/v1/extractions/url/', (v) => ({ linkedin_url: v, search_name: 'x' })],
      ['/v1/extractions/url/', (v) => ({ linkedin_url: SENIOR_OR_CXO, search_name: v })],
      ['/v1/extractions/url/', (v) => ({ linkedin_url: SENIOR_OR_CXO, search_name: 'x', enrich_email: v })],
      ['/v1/extractions/url/', (v) => ({ linkedin_url: SENIOR_OR_CXO, search_name: 'x', webhook_url: v })],
      ['/v1/extractions/profiles/', (v) => ({ profile_ids: v, search_name: 'x' })],
      ['/v1/extractions/profiles/', (v) => ({ profile_ids: [v], search_name: 'x' })],
      ['/v1/extractions/single/', (v) => ({ profile_id: v })],
      ['/v1/extractions/single/', (v) => v],
    ];
    const weirdUrls = [
      `${L}/sales/search/people?query=(filters:List((type:NOPE,values:List((id:1)))))`,
      `${L}/sales/search/people?query=((((`,
      `${L}/sales/search/people?query=${'('.repeat(5000)}`,
      `${L}/sales/lists/people/abc`,
      `${L}/sales/search/people#query=(keywords:%E0%A4%A)`,
      'https://www.linkedin.com.evil.test/sales/search/people',
      'javascript:alert(1)',
      `${L}/sales/search/company?savedSearchId=-1`,
    ];
    const sent: { url: string; payload: unknown }[] = [];
    let refused = 0;
    for (const [url, make] of bodies) for (const v of odd) sent.push({ url, payload: make(v) });
    for (const u of weirdUrls)
      sent.push({ url: '/v1/extractions/url/', payload: { linkedin_url: u, search_name: 'x' } });
    for (const { url, payload } of sent) {
      const res = await t.server.inject({
        method: 'POST',
        url,
        headers: { ...bearer(t.account.key), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      const what = `${url} ${JSON.stringify(payload).slice(-120)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      if (res.statusCode !== 202) expect(ErrorBodySchema.safeParse(res.json()).success, what).toBe(true);
      refused += res.statusCode === 202 ? 0 : 1;
    }
    // Only a null webhook_url (no webhook; Infinity is null in JSON too) is a good body among them.
    expect(refused).toBe(sent.length - 2);
    for (const q of [
      'start=1e3',
      'limit=',
      'limit=null',
      'start=%00',
      'format=',
      'format=CSV',
      'start=99999999999999999999',
    ]) {
      const res = await get(`/v1/extractions/0190c9a1-7e4b-7cc3-8a1e-6a1d2c3b4a59/?${q}`);
      expect([404, 422], q).toContain(res.statusCode);
      expect(ErrorBodySchema.safeParse(res.json()).success, q).toBe(true);
    }
    expect(await extractionCount()).toBe(2);
  });

  it('415 for form-encoded and multipart bodies: the extraction endpoints take JSON only', async () => {
    await connectSeat(t);
    for (const url of ['/v1/extractions/url/', '/v1/extractions/profiles/', '/v1/extractions/single/']) {
      for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await t.server.inject({
          method: 'POST',
          url,
          headers: { ...bearer(t.account.key), 'content-type': type },
          payload: 'profile_id=ACwAAA1',
        });
        refusal(res, 415, 'UnsupportedMediaType');
      }
    }
    expect(await extractionCount()).toBe(0);
  });

  it('422 for a search the sales tool cannot read (checked at once), naming linkedin_url', async () => {
    await connectSeat(t);
    const unknownList = `${L}/sales/lists/people/7371658687360099999`;
    const unknownSaved = `${L}/sales/search/people?savedSearchId=99999999`;
    for (const url of [unknownList, unknownSaved]) {
      const error = refusal(
        await post('/v1/extractions/url/', { linkedin_url: url, search_name: 'x' }),
        422,
        'ValidationError',
      );
      expect(error.details).toEqual([
        expect.objectContaining({ field: 'body.linkedin_url', rule: 'sales_tool_refused' }),
      ]);
    }
    expect(await extractionCount()).toBe(0);
  });

  it('409 without a usable seat: none connected, one invalidated, one whose session the tool no longer accepts', async () => {
    const bodies: [string, unknown][] = [
      ['/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' }],
      ['/v1/extractions/profiles/', { profile_ids: ['ACwAAA1'], search_name: 'x' }],
      ['/v1/extractions/single/', { profile_id: 'ACwAAA1' }],
    ];
    for (const [url, body] of bodies) refusal(await post(url, body), 409, 'NoUsableSeat');
    const seatId = await connectSeat(t);
    await t.app.seats.invalidate(t.account.id, seatId, 'test');
    for (const [url, body] of bodies) refusal(await post(url, body), 409, 'NoUsableSeat');

    // Reconnected, then signed out on the tool: the URL check meets the dead session.
    await connectSeat(t);
    (await t.app.worlds.salesToolServer()).state.sessions.revokeMember('demo');
    refusal(await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' }), 409, 'NoUsableSeat');
    const quota = (await get('/v1/quota/')).json();
    expect(quota.quota).toMatchObject({ has_valid_seat: false });
    expect(await extractionCount()).toBe(0);
  });

  it('402: a search needs a positive balance; a profile list or a single needs all it asks for', async () => {
    await connectSeat(t);
    const ids = (await memberList(t, 'LEAD')).entries.slice(0, 3).map((e) => e.id);
    await t.app.credits.debit(t.account.id, 198, 'leave two');
    const three = refusal(
      await post('/v1/extractions/profiles/', { profile_ids: ids, search_name: 'x' }),
      402,
      'InsufficientCredits',
    );
    expect(three.message).toMatch(/3 credits/);
    const two = await post('/v1/extractions/profiles/', { profile_ids: ids.slice(0, 2), search_name: 'x' });
    expect(two.statusCode).toBe(202);
    await t.app.credits.debit(t.account.id, 2, 'drain');
    refusal(
      await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' }),
      402,
      'InsufficientCredits',
    );
    refusal(await post('/v1/extractions/single/', { profile_id: ids[0] }), 402, 'InsufficientCredits');
    expect(await extractionCount()).toBe(1);
  });

  it('429 when the extraction’s known size exceeds the best seat’s remaining daily quota', async () => {
    const seatId = await connectSeat(t);
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const ids = (await memberList(t, 'LEAD')).entries.slice(0, 3).map((e) => e.id);
    await t.app.store.db
      .updateTable('seats')
      .set({ daily_limit: hits.length - 1 })
      .where('id', '=', seatId)
      .execute();
    const error = refusal(
      await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' }),
      429,
      'QuotaExceeded',
    );
    expect(error.message).toContain(String(hits.length));
    await t.app.store.db.updateTable('seats').set({ daily_limit: 2 }).where('id', '=', seatId).execute();
    refusal(await post('/v1/extractions/profiles/', { profile_ids: ids, search_name: 'x' }), 429, 'QuotaExceeded');
    expect(
      (await post('/v1/extractions/profiles/', { profile_ids: ids.slice(0, 2), search_name: 'x' })).statusCode,
    ).toBe(202);
    await runDueExtractionJobs(t);
    // The seat's 2 are used now.
    refusal(await post('/v1/extractions/single/', { profile_id: ids[2] }), 429, 'QuotaExceeded');
    expect(await extractionCount()).toBe(1);
  });

  it('runs on the valid seat with the most quota left; 429 when no one seat covers it, whatever their sum', async () => {
    const demo = await connectSeat(t, 'demo');
    const ava = await connectSeat(t, 'ava');
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const limit = (id: string, n: number) =>
      t.app.store.db.updateTable('seats').set({ daily_limit: n }).where('id', '=', id).execute();
    await limit(demo, hits.length - 1);
    await limit(ava, hits.length - 1);
    refusal(
      await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' }),
      429,
      'QuotaExceeded',
    );
    await limit(ava, hits.length + 10);
    const res = await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' });
    expect(res.statusCode).toBe(202);
    const row = await t.app.store.db.selectFrom('extractions').select('seat_id').executeTakeFirstOrThrow();
    expect(row.seat_id).toBe(ava);
    // An invalid seat is never chosen, however much quota it had.
    await limit(demo, 2500);
    await t.app.seats.invalidate(t.account.id, demo, 'test');
    await post('/v1/extractions/profiles/', { profile_ids: [hits[0]?.view.lead.profileId], search_name: 'y' });
    const seats = await t.app.store.db.selectFrom('extractions').select('seat_id').execute();
    expect(seats.map((s) => s.seat_id)).toEqual([ava, ava]);
  });

  it('503 with Retry-After when the sales tool does not answer the URL check', async () => {
    await connectSeat(t);
    await (await t.app.worlds.salesToolServer()).close();
    const res = await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' });
    refusal(res, 503, 'DependencyUnavailable');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await extractionCount()).toBe(0);
  });

  it('503 with the tool’s own Retry-After when it rate-limits the URL check', async () => {
    await connectSeat(t);
    // The member's request budget is spent: the tool answers 429, Retry-After 100 s.
    const tool = await t.app.worlds.salesToolServer();
    (tool.state as { limiter: RateLimiter }).limiter = new RateLimiter({ burst: 0, perSecond: 0.01 }, Date.now);
    const res = await post('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'x' });
    refusal(res, 503, 'DependencyUnavailable');
    expect(res.headers['retry-after']).toBe('100');
    expect(await extractionCount()).toBe(0);
  });

  it('an extraction with a webhook_url keeps it; a loopback one is refused unless the operator allows it', async () => {
    await connectSeat(t);
    const error = refusal(
      await post('/v1/extractions/url/', {
        linkedin_url: SENIOR_OR_CXO,
        search_name: 'x',
        webhook_url: 'https://127.0.0.1:9/h',
      }),
      422,
      'ValidationError',
    );
    expect(fields(error)).toEqual({ 'body.webhook_url': 'webhook_target' });
    const ok = await post('/v1/extractions/url/', {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'x',
      webhook_url: 'https://93.184.215.14/hooks',
    });
    expect(ok.statusCode).toBe(202);
    const row = await t.app.store.db.selectFrom('extractions').select('webhook_url').executeTakeFirstOrThrow();
    expect(row.webhook_url).toBe('https://93.184.215.14/hooks');
  });
});
