import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ExtractionDetailOutSchema } from '../../../lib/contract/extractions.ts';
import { createApp } from '../../src/app/app.ts';
import { loadConfig } from '../../src/config/config.ts';
import { EXTRACTION_RUN } from '../../src/extractions/run-job.ts';
import type { SeatConnectorFactory } from '../../src/extractions/seat-connector.ts';
import { detailJson } from '../../src/extractions/views.ts';
import { SalesToolUnavailable } from '../../src/salestool/errors.ts';
import { expectedVerdict } from '../../src/sandbox/world/ground-truth.ts';
import { extractionById } from '../../src/store/extractions-repo.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect, freshDatabase } from '../support/databases.ts';
import {
  connectSeat,
  EXTRACTION_WORLDS,
  L,
  member,
  runDueExtractionJobs,
  SENIOR_OR_CXO,
  searchHits,
  target,
} from '../support/extractions.ts';
import { childEnv, RunningProcess } from '../support/processes.ts';
import { sandboxSession } from '../support/sales-tool.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

const WORKER = resolve(import.meta.dirname, '../support/extraction-worker.ts');

describeEachDialect('an extraction worker killed with SIGKILL mid-job', (dialect) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('resumes on the next worker, building and enriching only what was left: no duplicate record, nothing charged twice', async () => {
    const db = await freshDatabase(dialect);
    // 20 ms per sales-tool answer, DNS answer and SMTP reply: slow enough to kill the worker twice.
    const env = {
      DATABASE_URL: db.url,
      LEADFORGE_SECRET_KEY: 'cd'.repeat(32),
      LEADFORGE_SANDBOX_LATENCY_MS: '20',
      ...FAST_SANDBOX_ENV,
    };
    const app = await createApp(loadConfig({ ...env, LEADFORGE_SANDBOX_LATENCY_MS: '0' }), {
      worlds: EXTRACTION_WORLDS,
    });
    cleanups.push(
      () => db.drop(),
      () => app.close(),
    );
    const account = await app.accounts.create(`xcrash-${Date.now()}`);
    await app.credits.grant(account.id, 1000, 'grant');
    const auth = { accountId: account.id, keyId: '', mode: 'test' as const };
    await app.seats.connect(auth, await sandboxSession(app));
    const tool = await app.worlds.salesToolServer();
    const tg = target(SENIOR_OR_CXO);
    if (tg.kind !== 'people-search') throw new Error('a people search');
    const hits = tool.state.engine.leads(member(), tg.query, tool.state.clock.now());
    const { extraction_id: id } = await app.extractions.fromUrl(auth, {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'crash',
      enrich_email: 'all',
    });

    const items = () =>
      app.store.db
        .selectFrom('extraction_items')
        .select(['record', 'enrich_person'])
        .where('extraction_id', '=', id)
        .execute();
    const start = () =>
      new RunningProcess(spawn(process.execPath, ['--import', 'tsx', WORKER], { env: childEnv(env) }));

    // 1. Killed while building records: some batches stored, not all.
    const first = start();
    cleanups.push(() => first.stop('SIGKILL'));
    await waitUntil('a batch of records built', async () => (await items()).some((i) => i.record !== null), 30_000);
    await first.stop('SIGKILL');
    const built = (await items()).filter((i) => i.record !== null).length;
    expect(built).toBeGreaterThan(0);
    expect(built).toBeLessThan(hits.length);

    // 2. Killed while finding emails: some found, not all.
    const second = start();
    cleanups.push(() => second.stop('SIGKILL'));
    await waitUntil(
      'some emails found',
      async () => {
        const all = await items();
        const left = all.filter((i) => i.enrich_person !== null).length;
        return all.length === hits.length && all.every((i) => i.record !== null) && left > 0 && left < hits.length;
      },
      40_000,
      10,
    );
    await second.stop('SIGKILL');
    expect((await extractionById(app.store.db, id))?.status).toBe('EXECUTING');
    const leftAtKill = (await items()).filter((i) => i.enrich_person !== null).length;

    // 3. The third worker finishes it.
    const third = start();
    cleanups.push(() => third.stop('SIGKILL'));
    await waitUntil(
      'extraction executed',
      async () => (await extractionById(app.store.db, id))?.status === 'EXECUTED',
      60_000,
    );

    // It searched only the leads whose email was still to be found.
    const resumed = await third.waitFor(/"leads":(\d+),"msg":"extraction: finding emails"/);
    expect(Number(resumed[1])).toBe(leftAtKill);

    const row = await extractionById(app.store.db, id);
    const body = ExtractionDetailOutSchema.parse(JSON.parse(await detailJson(app.store.db, row!)));
    expect(body).toMatchObject({ status: 'EXECUTED', progress: 100, total_count: hits.length });
    const ids = body.prospects.map((p) => p['Sales Navigator ID']);
    expect(ids).toEqual(hits.map((h) => h.view.lead.profileId));
    // Emails found across the three workers agree with the world; none was left unsearched.
    const world = app.worlds.sandboxWorldModel();
    const wrongSafe = body.prospects.filter(
      (p, i) => p['Email Status'] === 'safe' && p.Email !== hits[i]?.view.person.email,
    );
    expect(wrongSafe).toEqual([]);
    expect((await items()).filter((i) => i.enrich_person !== null)).toEqual([]);
    const found = body.prospects.filter((p, i) => p.Email === hits[i]?.view.person.email);
    expect(found.length).toBeGreaterThan(hits.length / 2);
    expect(found.every((p) => expectedVerdict(world, String(p.Email)).verdict !== 'invalid')).toBe(true);

    // Each record held once and committed once; each profile counted once against the seat.
    const ledger = await app.store.db
      .selectFrom('credit_entries')
      .select(['kind', 'amount', 'idempotency_key'])
      .where('account_id', '=', account.id)
      .where('kind', '!=', 'grant')
      .execute();
    const sum = (kind: string) => ledger.filter((e) => e.kind === kind).reduce((n, e) => n + Number(e.amount), 0);
    expect({
      hold: sum('hold'),
      commit: sum('commit'),
      other: ledger.filter((e) => !['hold', 'commit'].includes(e.kind)),
    }).toEqual({
      hold: hits.length,
      commit: hits.length,
      other: [],
    });
    expect(await app.credits.balance(account.id)).toEqual({ available: 1000 - hits.length, held: 0 });
    const usage = await app.store.db.selectFrom('seat_usage').select('count').execute();
    expect(usage.reduce((n, u) => n + Number(u.count), 0)).toBe(hits.length);
    const runs = await app.store.db
      .selectFrom('jobs')
      .select(['state', 'attempts'])
      .where('kind', '=', EXTRACTION_RUN)
      .execute();
    expect(runs).toEqual([{ state: 'done', attempts: 3 }]);
  });
});

describeEachDialect('an extraction run that stops between two pages of its search', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 500, env: { ...FAST_SANDBOX_ENV }, worlds: EXTRACTION_WORLDS });
    await connectSeat(t);
  });
  afterEach(() => t.close());

  it('resumes paging from its checkpoint: every hit once, in order, no page read twice', async () => {
    const everyone = `${L}/sales/search/people?viewAllFilters=true`;
    const hits = await searchHits(t, everyone);
    expect(hits.length).toBeGreaterThan(100); // two pages of 100
    const res = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/url/',
      headers: bearer(t.account.key),
      payload: { linkedin_url: everyone, search_name: 'everyone' },
    });
    const id: string = res.json().extraction_id;
    const pageStarts: number[] = [];
    let failOnce = true;
    const flaky: SeatConnectorFactory = async (seat, mode, opts) => {
      const link = await t.app.connectors(seat, mode, opts);
      const pages = link.connector.pages.bind(link.connector);
      link.connector.pages = async function* (target, o = {}) {
        for await (const page of pages(target, o)) {
          if (page.start > 0 && failOnce) {
            failOnce = false;
            throw new SalesToolUnavailable('the tool went away', null);
          }
          pageStarts.push(page.start);
          yield page;
        }
      };
      return link;
    };
    await expect(runDueExtractionJobs(t, { connectors: flaky })).rejects.toThrow('went away');
    const between = await extractionById(t.app.store.db, id);
    expect(between).toMatchObject({ status: 'EXECUTING', progress: Math.floor((75 * 100) / hits.length) });
    await runDueExtractionJobs(t, { connectors: flaky });
    expect(pageStarts).toEqual([0, 100]);
    const done = await t.server.inject({
      method: 'GET',
      url: `/v1/extractions/${id}/`,
      headers: bearer(t.account.key),
    });
    const body = ExtractionDetailOutSchema.parse(done.json());
    expect(body).toMatchObject({ status: 'EXECUTED', total_count: hits.length });
    expect(body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(hits.map((h) => h.view.lead.profileId));
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 500 - hits.length, held: 0 });
  });
});
