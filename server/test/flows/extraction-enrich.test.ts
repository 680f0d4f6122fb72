import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ExtractionDetailOutSchema } from '../../../lib/contract/extractions.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import type { LeadView } from '../../src/sandbox/salestool/world-view.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { connectSeat, EXTRACTION_WORLDS, runDueExtractionJobs } from '../support/extractions.ts';
import { waitUntil } from '../support/wait.ts';

const MAX_MS = 2_000;

/**
 * Enrichment against domains that greylist, with the verifier's real retry delays (60 s, 5 min,
 * 15 min): LEADFORGE_VERIFY_MAX_DURATION bounds the extraction's email search, across attempts,
 * as it bounds a bulk finder job.
 */
describeEachDialect('an extraction’s email search is bounded by LEADFORGE_VERIFY_MAX_DURATION', (dialect) => {
  let t: TestApp;
  let worker: Worker | null = null;
  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 100,
      env: {
        LEADFORGE_GREYLIST_RETRY_DELAYS: '60s,5m,15m',
        LEADFORGE_VERIFY_MAX_DURATION: `${MAX_MS}ms`,
        LEADFORGE_WORKER_POLL_MS: '20',
      },
      worlds: EXTRACTION_WORLDS,
    });
    await connectSeat(t);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
    await t.close();
  });

  /** Leads of the tool whose company's mail server behaves so. */
  const leadsAt = async (mail: string, n: number): Promise<LeadView[]> => {
    const tool = await t.app.worlds.salesToolServer();
    return tool.state.tool
      .at(tool.state.clock.now())
      .leads.filter((l) => l.company.mail === mail && l.person.mailbox === 'active')
      .slice(0, n);
  };
  const create = async (leads: LeadView[]) => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/profiles/',
      headers: bearer(t.account.key),
      payload: { profile_ids: leads.map((l) => l.lead.profileId), search_name: 'bounded', enrich_email: 'all' },
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().extraction_id as string;
  };
  const detail = async (id: string) =>
    ExtractionDetailOutSchema.parse(
      (await t.server.inject({ method: 'GET', url: `/v1/extractions/${id}/`, headers: bearer(t.account.key) })).json(),
    );

  it('finishes soon after the bound when greylisting would hold it for minutes: those leads unconfirmed, the others found', async () => {
    const greylisted = await leadsAt('greylist', 4);
    const normal = await leadsAt('normal', 4);
    expect(greylisted).toHaveLength(4);
    const leads = [...greylisted, ...normal];
    const id = await create(leads);
    worker = createWorker(t.app, pino({ level: 'silent' }));
    const started = Date.now();
    worker.start();
    await waitUntil(
      'the extraction finished',
      async () =>
        (await t.app.store.db.selectFrom('extractions').select('status').executeTakeFirst())?.status === 'EXECUTED',
      30_000,
    );
    // Well under the first greylisting retry (60 s): the bound cut the wait short.
    expect(Date.now() - started).toBeLessThan(MAX_MS + 15_000);
    const body = await detail(id);
    const got = body.prospects.map((p) => [p.Email, p['Email Status']]);
    expect(got.slice(0, 4).filter(([, status]) => status === 'safe' || status === 'riskier')).toEqual([]);
    const found = body.prospects.slice(4).filter((p, i) => p.Email === normal[i]?.person.email);
    expect(found.length).toBeGreaterThan(0);
  });

  it('counts the time earlier attempts spent: a run resumed with the bound used up searches no further', async () => {
    const normal = await leadsAt('normal', 4);
    const spent = await create(normal);
    await runDueExtractionJobs(t, {}, { checkpoint: { pagedTo: 0, pagingDone: true, enrichElapsedMs: MAX_MS } });
    const none = await detail(spent);
    expect(none.status).toBe('EXECUTED');
    expect(none.prospects.map((p) => p.Email)).toEqual([null, null, null, null]);

    // The same leads with the bound untouched: found.
    const fresh = await create(normal);
    await runDueExtractionJobs(t, {}, { checkpoint: { pagedTo: 0, pagingDone: true, enrichElapsedMs: 0 } });
    const found = (await detail(fresh)).prospects.filter((p, i) => p.Email === normal[i]?.person.email);
    expect(found.length).toBeGreaterThan(0);
  });
});
