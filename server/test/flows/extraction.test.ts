import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  ExtractionCreateOutSchema,
  type ExtractionDetailOut,
  ExtractionDetailOutSchema,
} from '../../../lib/contract/extractions.ts';
import { createWorker } from '../../src/app/worker.ts';
import type { Worker } from '../../src/jobs/worker.ts';
import type { LeadHit } from '../../src/sandbox/salestool/search.ts';
import { expectedVerdict } from '../../src/sandbox/world/ground-truth.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import {
  ALL_COMPANIES,
  connectSeat,
  EXTRACTION_WORLDS,
  leadView,
  member,
  memberList,
  SENIOR_OR_CXO,
  searchHits,
} from '../support/extractions.ts';
import { Receiver } from '../support/receiver.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';
import { waitUntil } from '../support/wait.ts';

/** Mail behaviours where a person's own address can be found and confirmed (as the finder's flow test). */
const FINDABLE = ['normal', 'self_hosted', 'microsoft', 'tls_required', 'dead_primary_mx', 'recipient_limit'];
const RANK: Record<string, number> = { invalid: 0, suspect: 1, riskier: 2, safe: 3 };

describeEachDialect('an extraction, end to end with an lf_test_ key against the simulated sales tool', (dialect) => {
  let t: TestApp;
  let worker: Worker;
  let receiver: Receiver;

  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 500,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_WEBHOOK_ALLOW_LOOPBACK: 'true', LEADFORGE_WORKER_POLL_MS: '20' },
      worlds: EXTRACTION_WORLDS,
    });
    worker = createWorker(t.app, pino({ level: 'silent' }));
    receiver = new Receiver();
    await connectSeat(t);
    worker.start();
  });
  afterEach(async () => {
    await worker.stop();
    await receiver.stop();
    await t.close();
  });

  const create = async (path: string, body: object): Promise<string> => {
    const res = await t.server.inject({ method: 'POST', url: path, headers: bearer(t.account.key), payload: body });
    expect(res.statusCode, res.body).toBe(202);
    return ExtractionCreateOutSchema.parse(res.json()).extraction_id;
  };
  const poll = (id: string) =>
    t.server.inject({ method: 'GET', url: `/v1/extractions/${id}/`, headers: bearer(t.account.key) });
  /** Polls until the detail answers 200; checks that every 202 on the way had a progress that never went back. */
  const finished = async (id: string): Promise<{ body: ExtractionDetailOut; text: string }> => {
    const seen: number[] = [];
    const res = await waitUntil(
      `extraction ${id} finished`,
      async () => {
        const r = await poll(id);
        if (r.statusCode === 202) seen.push(r.json().progress);
        return r.statusCode === 200 ? r : null;
      },
      60_000,
    );
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.every((p) => p >= 0 && p < 100)).toBe(true);
    return { body: ExtractionDetailOutSchema.strict().parse(res.json()), text: res.body };
  };
  const world = () => t.app.worlds.sandboxWorldModel();
  const debited = async () => {
    const rows = await t.app.store.db
      .selectFrom('credit_entries')
      .select(['kind', 'amount'])
      .where('account_id', '=', t.account.id)
      .where('kind', 'in', ['commit', 'debit'])
      .execute();
    return rows.reduce((n, r) => n + Number(r.amount), 0);
  };

  /** Every record agrees with the simulator's hit at its place: who, where, and whether it matches. */
  const expectRecordsOf = (body: ExtractionDetailOut, hits: LeadHit[]) => {
    expect(body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(hits.map((h) => h.view.lead.profileId));
    const got = body.prospects.map((p) => [p['Full Name'], p['Company Name'], p['Company Domain'], p['Current Job']]);
    const want = hits.map((h) => [
      h.view.person.fullName,
      h.view.company.name,
      h.view.company.domain,
      h.view.position.title,
    ]);
    expect(got).toEqual(want);
    // Every decoy the tool slipped in is caught. Real matches are read from the title alone
    // (lib/records/infer-role.ts), which still reads "Senior … Manager" as a manager only: most,
    // not all, of them are recognised.
    const flagged = body.prospects.map((p) => p['Matches Filters']);
    const decoys = hits.flatMap((h, i) => (h.matches ? [] : [i]));
    expect(decoys.length).toBeGreaterThan(0);
    expect(decoys.filter((i) => flagged[i] !== false)).toEqual([]);
    const real = hits.flatMap((h, i) => (h.matches ? [i] : []));
    expect(real.filter((i) => flagged[i] === true).length / real.length).toBeGreaterThan(0.85);
  };

  /** Emails agree with the mail world: a found address is the person's own, with the verdict the world gives it. */
  const expectEmailsOf = (body: ExtractionDetailOut, hits: LeadHit[], enriched: (h: LeadHit) => boolean) => {
    const w = world();
    const companies = new Map(w.companies.map((c) => [c.id, c]));
    const rows = hits.map((h, i) => ({ h, p: h.view.person, got: body.prospects[i] ?? {} }));
    const skipped = rows.filter((r) => !enriched(r.h));
    expect(skipped.filter((r) => r.got.Email !== null || r.got['Email Status'] !== null)).toEqual([]);
    const wanted = rows.filter((r) => enriched(r.h));
    if (wanted.length === 0) return;
    const wrongSafe = wanted.filter((r) => r.got['Email Status'] === 'safe' && r.got.Email !== r.p.email);
    expect(wrongSafe.map((r) => [r.got.Email, r.p.email])).toEqual([]);
    // The finder never says more than the world does of an address: safe only where the mailbox
    // is safe, and riskier, not safe, where only part of the name is spelt (jsmith@, antoine@).
    const own = wanted.filter((r) => r.got.Email === r.p.email);
    const overstated = own.filter(
      (r) => (RANK[String(r.got['Email Status'])] ?? 9) > (RANK[expectedVerdict(w, r.p.email).verdict] ?? -1),
    );
    expect(overstated.map((r) => [r.p.email, r.got['Email Status'], expectedVerdict(w, r.p.email).verdict])).toEqual(
      [],
    );
    expect(own.some((r) => r.got['Email Status'] === 'safe')).toBe(true);
    const findable = wanted.filter(
      (r) => FINDABLE.includes(companies.get(r.p.companyId)?.mail ?? '') && r.p.mailbox !== 'disabled',
    );
    expect(findable.length).toBeGreaterThan(5);
    const found = findable.filter((r) => r.got.Email === r.p.email);
    expect(found.length / findable.length).toBeGreaterThan(0.9);
    // A found address always comes with its verdict, and a verdict with its address.
    expect(wanted.filter((r) => (r.got.Email === null) !== (r.got['Email Status'] === null))).toEqual([]);
  };

  it('a people search with enrich_email=all: records in the tool’s order, emails of the world, charged once, webhook signed', async () => {
    const hits = await searchHits(t, SENIOR_OR_CXO);
    expect(hits.some((h) => !h.matches)).toBe(true);
    const url = await receiver.start();
    const id = await create('/v1/extractions/url/', {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'Seniors',
      enrich_email: 'all',
      webhook_url: url,
    });
    const { body, text } = await finished(id);
    expect(body).toMatchObject({
      status: 'EXECUTED',
      progress: 100,
      failure_reason: '',
      total_prospects: hits.length,
      total_count: hits.length,
      has_more: false,
    });
    expectRecordsOf(body, hits);
    expectEmailsOf(body, hits, () => true);

    // 1 credit per record, enrichment included, committed once; the seat's quota counts every profile.
    expect(await debited()).toBe(hits.length);
    expect(await t.app.credits.balance(t.account.id)).toEqual({ available: 500 - hits.length, held: 0 });
    const quota = (await t.server.inject({ method: 'GET', url: '/v1/quota/', headers: bearer(t.account.key) })).json();
    expect(quota.quota).toMatchObject({ used_today: hits.length, credits: 500 - hits.length });

    await waitUntil('the webhook delivered', () => receiver.received.length > 0);
    const hook = receiver.received[0];
    expect(JSON.parse(hook?.body ?? '')).toEqual(JSON.parse(text));
    const { secret } = await t.app.webhookSecrets.current(t.account.id);
    expect(() => new Webhook(secret).verify(hook?.body ?? '', hook?.headers as Record<string, string>)).not.toThrow();
    const messages = await t.app.store.db.selectFrom('webhook_messages').select(['job_id', 'event_type']).execute();
    expect(messages).toEqual([{ job_id: id, event_type: 'extraction.finished' }]);
  });

  it('enrich_email=matching enriches only the records that match the filters; none enriches nothing', async () => {
    const hits = await searchHits(t, SENIOR_OR_CXO);
    const matching = await create('/v1/extractions/url/', {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'm',
      enrich_email: 'matching',
    });
    const m = await finished(matching);
    expectRecordsOf(m.body, hits);
    // The records the service found matching (decisions.md: Matches Filters true) are the ones enriched.
    const flagged = new Set(
      m.body.prospects.filter((p) => p['Matches Filters'] === true).map((p) => p['Sales Navigator ID']),
    );
    expect(flagged.size).toBeGreaterThan(0);
    expect(flagged.size).toBeLessThan(hits.length);
    expectEmailsOf(m.body, hits, (h) => flagged.has(h.view.lead.profileId));

    const patterns = async () =>
      Number(
        (
          await t.app.store.db
            .selectFrom('finder_domain_patterns')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const learned = await patterns();
    expect(learned).toBeGreaterThan(0);
    const none = await create('/v1/extractions/url/', { linkedin_url: SENIOR_OR_CXO, search_name: 'n' });
    const n = await finished(none);
    expectRecordsOf(n.body, hits);
    expectEmailsOf(n.body, hits, () => false);
    expect(await patterns()).toBe(learned);
    expect(await debited()).toBe(2 * hits.length);
  });

  it('saved and recent searches and an account list: the simulator’s own answers, lead or account records as they are', async () => {
    const tool = await t.app.worlds.salesToolServer();
    const m = member();
    const assets = tool.state.tool.assetsOf(m);
    const now = tool.state.clock.now();
    const saved = assets.savedSearches
      .filter((s) => s.kind === 'LEAD')
      .map((s) => ({ s, hits: tool.state.engine.leads(m, s.query, now) }))
      .find((x) => x.hits.length > 0);
    if (!saved) throw new Error('no saved people search with hits in this world');
    const fromSaved = await finished(
      await create('/v1/extractions/url/', {
        linkedin_url: `https://www.linkedin.com/sales/search/people?savedSearchId=${saved.s.id}&sessionId=abc%3D%3D`,
        search_name: saved.s.name,
      }),
    );
    expect(fromSaved.body).toMatchObject({ extraction_type: 'SEARCH', total_prospects: saved.hits.length });
    expect(fromSaved.body.prospects.map((p) => p['Sales Navigator ID'])).toEqual(
      saved.hits.map((h) => h.view.lead.profileId),
    );

    const recent = assets.recentSearches.find((r) => r.kind === 'ACCOUNT');
    if (!recent) throw new Error('no recent company search');
    const recentHits = tool.state.engine.accounts(m, recent.query, now);
    const fromRecent = await finished(
      await create('/v1/extractions/url/', {
        linkedin_url: `https://www.linkedin.com/sales/search/company?recentSearchId=${recent.id}`,
        search_name: 'recent',
      }),
    );
    expect(fromRecent.body.prospects.map((p) => p['Company ID'])).toEqual(
      recentHits.map((h) => String(h.view.account.salesId)),
    );
    expect(fromRecent.body.prospects.every((p) => !('Full Name' in p))).toBe(true);

    const accounts = await memberList(t, 'ACCOUNT');
    const fromList = await finished(
      await create('/v1/extractions/url/', {
        linkedin_url: `https://www.linkedin.com/sales/lists/company/${accounts.id}`,
        search_name: accounts.name,
      }),
    );
    expect(fromList.body.extraction_type).toBe('LIST');
    expect(new Set(fromList.body.prospects.map((p) => p['Company ID']))).toEqual(
      new Set(accounts.entries.map((e) => e.id)),
    );
    expect(fromList.body.total_count).toBe(accounts.entries.length);
  });

  it('a lead list, a company search and a list of profiles: the simulator’s leads and accounts', async () => {
    const list = await memberList(t, 'LEAD');
    const fromList = await finished(
      await create('/v1/extractions/url/', {
        linkedin_url: `https://www.linkedin.com/sales/lists/people/${list.id}?sortCriteria=CREATED_TIME`,
        search_name: list.name,
      }),
    );
    expect(fromList.body).toMatchObject({ status: 'EXECUTED', extraction_type: 'LIST' });
    const listed = fromList.body.prospects.map((p) => p['Sales Navigator ID']);
    expect(new Set(listed)).toEqual(new Set(list.entries.map((e) => e.id)));
    expect(listed).toHaveLength(list.entries.length);
    for (const p of fromList.body.prospects) {
      const view = await leadView(t, String(p['Sales Navigator ID']));
      expect([p['Full Name'], p['Company Name'], p['Matches Filters']]).toEqual([
        view?.person.fullName,
        view?.company.name,
        true,
      ]);
    }

    const companies = await finished(
      await create('/v1/extractions/url/', { linkedin_url: ALL_COMPANIES, search_name: 'c' }),
    );
    const w = world();
    expect(companies.body.total_count).toBe(w.companies.length);
    const tool = await t.app.worlds.salesToolServer();
    const bySalesId = new Map(
      tool.state.tool.sales.accounts.map((a) => [String(a.salesId), w.companies[a.companyIndex]]),
    );
    expect(new Set(companies.body.prospects.map((p) => p['Company ID']))).toEqual(new Set(bySalesId.keys()));
    for (const p of companies.body.prospects) {
      expect(p).not.toHaveProperty('Full Name');
      const company = bySalesId.get(String(p['Company ID']));
      expect([p['Company Name'], p['Company Domain']]).toEqual([company?.name, company?.domain]);
    }

    const accounts = await memberList(t, 'ACCOUNT');
    const ids = accounts.entries.slice(0, 4).map((e) => e.id);
    const profiles = await finished(await create('/v1/extractions/profiles/', { profile_ids: ids, search_name: 'p' }));
    expect(profiles.body).toMatchObject({ extraction_type: 'UPLOAD', total_count: 4 });
    expect(profiles.body.prospects.map((p) => p['Company ID'])).toEqual(ids);
    expect(await debited()).toBe(list.entries.length + w.companies.length + 4);
  });
});
