import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ExtractionDetailOutSchema, ExtractionListOutSchema } from '../../../lib/contract/extractions.ts';
import { createWorker } from '../../src/app/worker.ts';
import { EXTRACTION_RUN, RESUME_CHECK_MS } from '../../src/extractions/run-job.ts';
import type { SeatConnectorFactory } from '../../src/extractions/seat-connector.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { connectSeat, EXTRACTION_WORLDS, SENIOR_OR_CXO, searchHits } from '../support/extractions.ts';
import { Receiver } from '../support/receiver.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

/**
 * Credits and quota running out in the middle of an extraction, with a worker on the test's
 * ManualClock: the paused extraction's checks come due only when the test moves the clock.
 */
describeEachDialect('an extraction running out of credits or quota', (dialect) => {
  let t: TestApp;
  let worker: Worker;
  let receiver: Receiver;
  /** Every time the job started paging a search, from where. */
  let pagingFrom: number[];

  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 20,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true', LEADFORGE_WORKER_POLL_MS: '20' },
      worlds: EXTRACTION_WORLDS,
    });
    pagingFrom = [];
    const counting: SeatConnectorFactory = async (seat, mode, opts) => {
      const link = await t.app.connectors(seat, mode, opts);
      const pages = link.connector.pages.bind(link.connector);
      link.connector.pages = (target, o = {}) => {
        pagingFrom.push(o.from ?? 0);
        return pages(target, o);
      };
      return link;
    };
    worker = createWorker({ ...t.app, connectors: counting }, pino({ level: 'silent' }));
    receiver = new Receiver();
    await connectSeat(t);
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.stop();
    await t.close();
  });

  const get = (url: string) => t.server.inject({ method: 'GET', url, headers: bearer(t.account.key) });
  const detail = async (id: string) => {
    const res = await get(`/v1/extractions/${id}/`);
    return res.statusCode === 200 ? ExtractionDetailOutSchema.strict().parse(res.json()) : null;
  };
  const jobs = () =>
    t.app.store.db
      .selectFrom('jobs')
      .select(['state', 'run_at'])
      .where('kind', '=', EXTRACTION_RUN)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const ledger = async () =>
    (
      await t.app.store.db
        .selectFrom('credit_entries')
        .select(['kind', 'amount'])
        .where('account_id', '=', t.account.id)
        .where('kind', 'in', ['hold', 'commit', 'release', 'debit'])
        .execute()
    ).reduce<Record<string, number>>((sum, e) => {
      sum[e.kind] = (sum[e.kind] ?? 0) + Number(e.amount);
      return sum;
    }, {});

  it('goes PAUSED (insufficient_credits) with the records it could pay for, and resumes once credits are added', async () => {
    const hits = await searchHits(t, SENIOR_OR_CXO);
    expect(hits.length).toBeGreaterThan(40);
    const url = await receiver.start();
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: SENIOR_OR_CXO, search_name: 'Seniors', webhook_url: url },
    });
    expect(created.statusCode, created.body).toBe(202);
    const id: string = created.json().extraction_id;
    worker.start();

    const paused = await waitUntil('the extraction paused', () => detail(id));
    expect(paused).toMatchObject({
      status: 'PAUSED',
      failure_reason: 'insufficient_credits',
      completed_at: null,
      total_prospects: hits.length,
      total_count: 20,
      returned_count: 20,
      has_more: false,
    });
    expect(paused.progress).toBeGreaterThanOrEqual(75);
    expect(paused.progress).toBeLessThan(100);
    expect(paused.prospects.map((p) => p['Sales Navigator ID'])).toEqual(
      hits.slice(0, 20).map((h) => h.view.lead.profileId),
    );
    // The 20 records' credits are held, not yet debited: results are not ready.
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 0, held: 20 });
    const listed = ExtractionListOutSchema.parse((await get('/v1/extractions/?status=paused')).json());
    expect(listed.map((e) => [e.search_id, e.status])).toEqual([[id, 'PAUSED']]);
    await waitUntil('the paused webhook delivered', () => receiver.received.length === 1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toEqual(paused);

    // A check while there are still no credits changes nothing, and books the next check.
    const checks = (await jobs()).length;
    t.clock.advance(RESUME_CHECK_MS);
    await waitUntil('the check ran and booked the next', async () => {
      const all = await jobs();
      return all.length === checks + 1 && all.at(-2)?.state === 'done' && all.at(-1)?.state === 'queued';
    });
    expect((await jobs()).at(-1)?.run_at).toBe(t.clock.now() + RESUME_CHECK_MS);
    expect(await detail(id)).toEqual(paused);
    // Paused for longer, it looks less often: every minute after 10 minutes.
    t.clock.advance(10 * 60_000);
    await waitUntil('a later check ran and booked the next', async () => {
      const all = await jobs();
      return all.length === checks + 2 && all.at(-1)?.state === 'queued';
    });
    expect((await jobs()).at(-1)?.run_at).toBe(t.clock.now() + 60_000);

    await t.app.credits.grant(t.account.id, 100, 'top-up');
    // Nothing moves before the check is due ...
    expect((await detail(id))?.status).toBe('PAUSED');
    t.clock.advance(60_000);
    const done = await waitUntil('the extraction finished', async () => {
      const d = await detail(id);
      return d?.status === 'EXECUTED' ? d : null;
    });
    expect(done).toMatchObject({ failure_reason: '', progress: 100, total_count: hits.length });
    expect(done.prospects.map((p) => p['Sales Navigator ID'])).toEqual(hits.map((h) => h.view.lead.profileId));
    // Each record charged once: held as built, committed at the end.
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 120 - hits.length, held: 0 });
    expect(await ledger()).toEqual({ hold: hits.length, commit: hits.length });
    // The search was paged once: the resumed run built the rest from its stored items.
    expect(pagingFrom).toEqual([0]);

    await waitUntil('the finished webhook delivered', () => receiver.received.length === 2);
    expect(JSON.parse(receiver.received[1]?.body ?? '')).toEqual(done);
    const events = await t.app.store.db
      .selectFrom('webhook_messages')
      .select('event_type')
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.event_type)).toEqual(['extraction.paused', 'extraction.finished']);
  });

  it('two extractions racing for the same credits: together they never take more than the balance, and both finish after a grant', async () => {
    await t.app.credits.grant(t.account.id, 40, 'to 60');
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const ids: string[] = [];
    for (const name of ['a', 'b']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/v1/extractions/url/',
        headers: bearer(t.account.key),
        payload: { linkedin_url: SENIOR_OR_CXO, search_name: name },
      });
      ids.push(res.json().extraction_id);
    }
    worker.start();
    const states = async () => Promise.all(ids.map(async (id) => (await detail(id))?.status ?? 'RUNNING'));
    await waitUntil('one paused, the other paused or done', async () => {
      const s = await states();
      return s.includes('PAUSED') && s.every((x) => x === 'PAUSED' || x === 'EXECUTED');
    });
    const built = await Promise.all(ids.map(async (id) => (await detail(id))?.total_count ?? 0));
    expect(built[0]! + built[1]!).toBe(60);
    expect(await t.app.credits.balance(t.account.id)).toMatchObject({ available: 0 });

    await t.app.credits.grant(t.account.id, 100, 'top-up');
    t.clock.advance(RESUME_CHECK_MS);
    await waitUntil('both executed', async () => (await states()).every((x) => x === 'EXECUTED'));
    for (const id of ids) {
      const d = await detail(id);
      expect(d?.prospects.map((p) => p['Sales Navigator ID'])).toEqual(hits.map((h) => h.view.lead.profileId));
    }
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 160 - 2 * hits.length, held: 0 });
    expect(await ledger()).toEqual({ hold: 2 * hits.length, commit: 2 * hits.length });
  });

  it('fails with quota_exceeded when the seat’s daily quota runs out mid-run, keeping and charging what it built', async () => {
    await t.app.credits.grant(t.account.id, 100, 'top-up');
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const created = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: SENIOR_OR_CXO, search_name: 'Seniors' },
    });
    const id: string = created.json().extraction_id;
    // Accepted within the quota; then another use of the seat leaves it 30 profiles today.
    await t.app.store.db.updateTable('seats').set({ daily_limit: 30 }).execute();
    worker.start();
    const failed = await waitUntil('the extraction failed', () => detail(id));
    expect(failed).toMatchObject({ status: 'FAILED', failure_reason: 'quota_exceeded', total_count: 30 });
    expect(failed.completed_at).not.toBeNull();
    expect(failed.prospects.map((p) => p['Sales Navigator ID'])).toEqual(
      hits.slice(0, 30).map((h) => h.view.lead.profileId),
    );
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 90, held: 0 });
    const quota = (await get('/v1/quota/')).json().quota;
    expect(quota).toMatchObject({ used_today: 30, remaining: 0 });
  });
});
