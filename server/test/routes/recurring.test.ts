import { afterEach, beforeEach, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { ExtractionInProgressOutSchema } from '../../../lib/contract/extractions.ts';
import {
  RecurringExportCreateOutSchema,
  RecurringExportDeleteOutSchema,
  RecurringExportListOutSchema,
  RecurringExportOutSchema,
  SandboxClockOutSchema,
} from '../../../lib/contract/recurring.ts';
import { parseExtractionTime } from '../../../lib/contract/time.ts';
import { SalesToolBadResponse } from '../../src/salestool/errors.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { connectSeat, EXTRACTION_WORLDS, L, member, SENIOR_OR_CXO } from '../support/extractions.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';

const UUID7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY = 86_400_000;
/** The demo member's first fixed saved search (a LEAD search: CXOs in North America). */
const DEMO_SAVED = `${L}/sales/search/people?savedSearchId=50452101&sessionId=abc`;
/** SENIOR_OR_CXO with its values in the other order and no session: the same search. */
const SENIOR_OR_CXO_AGAIN = `${L}/sales/search/people?query=(filters:List((type:SENIORITY_LEVEL,values:List((id:310,text:CXO,selectionType:INCLUDED),(id:120,text:Senior,selectionType:INCLUDED)))))`;

/** The recurring export endpoints and the sandbox clock, by status. */
describeEachDialect('/v1/extractions/recurring/', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 200, env: { ...FAST_SANDBOX_ENV }, worlds: EXTRACTION_WORLDS });
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, key = t.account.key) =>
    t.server.inject({
      method,
      url,
      headers: bearer(key),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
  const refusal = (res: { statusCode: number; body: string; json(): unknown }, status: number, type: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = ErrorBodySchema.strict().parse(res.json());
    expect(body.error.type).toBe(type);
    return body.error;
  };
  const rules = (error: { details?: { field: string; rule: string }[] | undefined }) =>
    Object.fromEntries((error.details ?? []).map((d) => [d.field, d.rule]));
  const sandboxNow = () => t.app.worldTime.now('test');
  const savedOnSeat = async () => {
    const tool = await t.app.worlds.salesToolServer();
    return tool.state.saved.of(member('demo').key);
  };
  const create = async (payload: Record<string, unknown>) => {
    const res = await send('POST', '/v1/extractions/recurring/', payload);
    expect(res.statusCode, res.body).toBe(200);
    return RecurringExportCreateOutSchema.strict().parse(res.json());
  };

  it('200 create from a search URL: saved once on the seat, first run one interval on, the template waits in SCHEDULED', async () => {
    await connectSeat(t);
    const before = await sandboxNow();
    const created = await create({ url: SENIOR_OR_CXO, frequency: 'WEEKLY', name: ' Seniors weekly ' });
    const after = await sandboxNow();
    expect(created).toMatchObject({ created: true, name: 'Seniors weekly', frequency: 'weekly', paused: false });
    expect(created.schedule_id).toMatch(UUID7);
    expect(created.last_run_at).toBeNull();
    expect(created.run_ids).toEqual([]);
    const next = parseExtractionTime(created.next_run_at).getTime();
    expect(next).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 7 * DAY);
    expect(next).toBeLessThanOrEqual(after + 7 * DAY);

    const saved = await savedOnSeat();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ kind: 'LEAD', name: 'Seniors weekly' });
    expect(created.source_url).toBe(`${L}/sales/search/people?savedSearchId=${saved[0]?.id}`);

    const template = await send('GET', `/v1/extractions/${created.template_extraction_id}/`);
    expect(template.statusCode).toBe(202);
    expect(ExtractionInProgressOutSchema.strict().parse(template.json())).toMatchObject({
      search_name: 'Seniors weekly',
      status: 'SCHEDULED',
      progress: 0,
    });
    const scheduled = await send('GET', '/v1/extractions/?status=scheduled');
    expect(scheduled.json().map((e: { search_id: string }) => e.search_id)).toEqual([created.template_extraction_id]);
  });

  it('200 the same search again: its cadence is updated (created false), nothing saved twice; the same cadence changes nothing', async () => {
    await connectSeat(t);
    const first = await create({ url: SENIOR_OR_CXO, frequency: 'daily' });
    const same = await create({ url: SENIOR_OR_CXO_AGAIN, frequency: 'daily' });
    expect(same).toEqual({ ...first, created: false });
    const weekly = await create({ url: SENIOR_OR_CXO_AGAIN, frequency: 'weekly' });
    expect(weekly).toMatchObject({ schedule_id: first.schedule_id, created: false, frequency: 'weekly' });
    expect(parseExtractionTime(weekly.next_run_at).getTime()).toBeGreaterThan(
      parseExtractionTime(first.next_run_at).getTime() + 5 * DAY,
    );
    // Its saved search, scheduled by id, is the same search too.
    const bySaved = await create({ url: first.source_url, frequency: 'monthly' });
    expect(bySaved).toMatchObject({ schedule_id: first.schedule_id, created: false, frequency: 'monthly' });
    expect(await savedOnSeat()).toHaveLength(1);
    const list = RecurringExportListOutSchema.parse((await send('GET', '/v1/extractions/recurring/')).json());
    expect(list).toHaveLength(1);
  });

  it('200 a savedSearchId URL is scheduled as that saved search; an extraction by its id, with its name and settings', async () => {
    await connectSeat(t);
    const saved = await create({ url: DEMO_SAVED, frequency: 'daily' });
    expect(saved.source_url).toBe(`${L}/sales/search/people?savedSearchId=50452101`);
    expect(saved.name).toBe('Recurring people search');
    expect(await savedOnSeat()).toHaveLength(0);

    const launched = await send('POST', '/v1/extractions/url/', {
      linkedin_url: SENIOR_OR_CXO,
      search_name: 'Senior people',
      enrich_email: 'all',
    });
    expect(launched.statusCode, launched.body).toBe(202);
    const fromExtraction = await create({ extraction_id: launched.json().extraction_id, frequency: 'monthly' });
    expect(fromExtraction).toMatchObject({ created: true, name: 'Senior people', frequency: 'monthly' });
    const template = await t.app.store.db
      .selectFrom('extractions')
      .selectAll()
      .where('id', '=', fromExtraction.template_extraction_id)
      .executeTakeFirstOrThrow();
    expect(template).toMatchObject({ enrich_email: 'all', status: 'SCHEDULED', name: 'Senior people' });

    // Soonest next run first.
    const list = RecurringExportListOutSchema.parse((await send('GET', '/v1/extractions/recurring/')).json());
    expect(list.map((s) => s.schedule_id)).toEqual([saved.schedule_id, fromExtraction.schedule_id]);
  });

  it('422 lists, single profiles, profile extractions, unknown saved searches, both or neither source, a bad cadence', async () => {
    await connectSeat(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: `${L}/sales/lists/people/7371658687360155648`, frequency: 'daily' }, 'body.url', 'custom'],
      [
        { url: `${L}/sales/lead/ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A,NAME_SEARCH,n7cD`, frequency: 'daily' },
        'body.url',
        'custom',
      ],
      [
        { url: `${L}/sales/search/people?savedSearchId=99999999`, frequency: 'daily' },
        'body.url',
        'sales_tool_refused',
      ],
      [{ url: SENIOR_OR_CXO, extraction_id: 'x', frequency: 'daily' }, 'body.url', 'custom'],
      [{ frequency: 'daily' }, 'body', 'custom'],
      [{ url: SENIOR_OR_CXO, frequency: 'hourly' }, 'body.frequency', 'invalid_value'],
      [{ url: SENIOR_OR_CXO }, 'body.frequency', 'invalid_value'],
    ];
    for (const [payload, field, rule] of cases) {
      const error = refusal(await send('POST', '/v1/extractions/recurring/', payload), 422, 'ValidationError');
      expect(rules(error)[field], JSON.stringify(payload)).toBe(rule);
      if (String(payload.url).includes('/lists/') || String(payload.url).includes('/lead/')) {
        expect(error.message).toContain('lists and single profiles cannot be scheduled');
      }
    }
    const profiles = await send('POST', '/v1/extractions/profiles/', {
      profile_ids: ['ACwAABw-RqYBvR5Os6ZHBuE53towQslZNymd11A'],
      search_name: 'One',
    });
    const error = refusal(
      await send('POST', '/v1/extractions/recurring/', {
        extraction_id: profiles.json().extraction_id,
        frequency: 'daily',
      }),
      422,
      'ValidationError',
    );
    expect(rules(error)).toEqual({ 'body.extraction_id': 'not_schedulable' });
    refusal(
      await send('POST', '/v1/extractions/recurring/', {
        extraction_id: '0190d5f0-0000-7000-8000-000000000000',
        frequency: 'daily',
      }),
      404,
      'NotFound',
    );
    expect(await t.app.store.db.selectFrom('recurring_exports').selectAll().execute()).toEqual([]);
  });

  it('200 the same search in other words: a URL of a saved search’s filters runs that saved search (created false once scheduled); a recent search is saved with its filters', async () => {
    await connectSeat(t);
    // CXOs in North America, the demo member's saved search 50452101, as a URL of its filters.
    const cxosInNa = `${L}/sales/search/people?query=(filters:List((type:REGION,values:List((id:102221843,text:North%2520America,selectionType:INCLUDED))),(type:SENIORITY_LEVEL,values:List((id:310,selectionType:INCLUDED)))))`;
    const bySaved = await create({ url: DEMO_SAVED, frequency: 'daily' });
    const byFilters = await create({ url: cxosInNa, frequency: 'weekly' });
    expect(byFilters).toMatchObject({ schedule_id: bySaved.schedule_id, created: false, frequency: 'weekly' });
    expect(await savedOnSeat()).toHaveLength(0);

    // The other way round: filters first (no schedule yet: it runs the saved search already there).
    await send('DELETE', `/v1/extractions/recurring/${bySaved.schedule_id}/`);
    const filtersFirst = await create({ url: cxosInNa, frequency: 'daily' });
    expect(filtersFirst).toMatchObject({
      created: true,
      source_url: `${L}/sales/search/people?savedSearchId=50452101`,
    });
    expect(await savedOnSeat()).toHaveLength(0);

    // The demo member's first recent search ("marketing", headcount C and D).
    const recent = await create({ url: `${L}/sales/search/people?recentSearchId=2154000101`, frequency: 'daily' });
    expect(recent.created).toBe(true);
    const saved = await savedOnSeat();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.query.keywords).toBe('marketing');
    expect(recent.source_url).toBe(`${L}/sales/search/people?savedSearchId=${saved[0]?.id}`);
  });

  it('200 a saved search runs on the seat that has it, whichever seat has most quota left', async () => {
    await connectSeat(t);
    const ava = await connectSeat(t, 'ava');
    // Ava's first saved search; demo's seat has as much quota left, and comes first.
    const s = await create({ url: `${L}/sales/search/people?savedSearchId=50452201`, frequency: 'daily' });
    const row = await t.app.store.db
      .selectFrom('recurring_exports')
      .selectAll()
      .where('id', '=', s.schedule_id)
      .executeTakeFirstOrThrow();
    expect(row.seat_id).toBe(ava);
    const again = await create({ url: `${L}/sales/search/people?savedSearchId=50452201`, frequency: 'weekly' });
    expect(again).toMatchObject({ schedule_id: s.schedule_id, created: false });
    const error = refusal(
      await send('POST', '/v1/extractions/recurring/', {
        url: `${L}/sales/search/people?savedSearchId=50452999`,
        frequency: 'daily',
      }),
      422,
      'ValidationError',
    );
    expect(error.message).toContain('on none of the account');
  });

  it('422 for a name with control characters; 503 when the sales tool gives an answer it should not', async () => {
    await connectSeat(t);
    const error = refusal(
      await send('POST', '/v1/extractions/recurring/', {
        url: SENIOR_OR_CXO,
        frequency: 'daily',
        name: 'bell\u0007\nx',
      }),
      422,
      'ValidationError',
    );
    expect(rules(error)).toEqual({ 'body.name': 'invalid_format' });

    // A tool that answers a save with no id: the caller is told to try again, nothing is stored.
    const { RecurringExports } = await import('../../src/recurring/service.ts');
    const broken = new RecurringExports({
      ...t.app,
      connectors: async (seat, mode, opts) => {
        const link = await t.app.connectors(seat, mode, opts);
        link.connector.saveSearch = async () => {
          throw new SalesToolBadResponse('saving a search gave no id');
        };
        return link;
      },
    });
    const auth = { accountId: t.account.id, keyId: '', mode: 'test' as const };
    await expect(broken.create(auth, { url: SENIOR_OR_CXO, frequency: 'daily' })).rejects.toMatchObject({
      type: 'DependencyUnavailable',
      status: 503,
    });
    expect(await t.app.store.db.selectFrom('recurring_exports').selectAll().execute()).toEqual([]);
  });

  it('409 without a usable seat, and nothing is saved or stored', async () => {
    const error = refusal(
      await send('POST', '/v1/extractions/recurring/', { url: SENIOR_OR_CXO, frequency: 'daily' }),
      409,
      'NoUsableSeat',
    );
    expect(error.message).toMatch(/extension/);
    expect(await t.app.store.db.selectFrom('recurring_exports').selectAll().execute()).toEqual([]);
  });

  it('PATCH: rename (template too), pause and resume, new cadence from now; current values change nothing', async () => {
    await connectSeat(t);
    const s = await create({ url: SENIOR_OR_CXO, frequency: 'daily', name: 'A' });
    const url = `/v1/extractions/recurring/${s.schedule_id}/`;
    const patch = async (body: Record<string, unknown>) => {
      const res = await send('PATCH', url, body);
      expect(res.statusCode, res.body).toBe(200);
      return RecurringExportOutSchema.strict().parse(res.json());
    };
    const { created: _, ...asGot } = s;
    expect(await patch({})).toEqual(asGot);
    expect(await patch({ name: 'A', frequency: 'DAILY', paused: false })).toEqual(asGot);

    const renamed = await patch({ name: 'Renamed' });
    expect(renamed.name).toBe('Renamed');
    const template = await send('GET', `/v1/extractions/${s.template_extraction_id}/`);
    expect(template.json().search_name).toBe('Renamed');

    expect((await patch({ paused: true })).paused).toBe(true);
    expect((await patch({ paused: true })).paused).toBe(true);
    const listed = RecurringExportListOutSchema.parse((await send('GET', '/v1/extractions/recurring/')).json());
    expect(listed.map((x) => [x.schedule_id, x.paused])).toEqual([[s.schedule_id, true]]);
    expect((await patch({ paused: false })).paused).toBe(false);

    const now = await sandboxNow();
    const monthly = await patch({ frequency: 'monthly' });
    const next = parseExtractionTime(monthly.next_run_at).getTime();
    expect(next).toBeGreaterThan(now + 27 * DAY);
    expect(next).toBeLessThan(now + 32 * DAY);

    for (const body of [{ name: '' }, { frequency: 'yearly' }, { paused: 'yes' }, { other: 1 }]) {
      refusal(await send('PATCH', url, body), 422, 'ValidationError');
    }
  });

  it('DELETE stops for good: 404 afterwards everywhere, out of the list, the template no longer waits', async () => {
    await connectSeat(t);
    const s = await create({ url: SENIOR_OR_CXO, frequency: 'daily' });
    const url = `/v1/extractions/recurring/${s.schedule_id}/`;
    const res = await send('DELETE', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(RecurringExportDeleteOutSchema.strict().parse(res.json())).toEqual({
      success: true,
      schedule_id: s.schedule_id,
      stopped: true,
    });
    refusal(await send('GET', url), 404, 'NotFound');
    refusal(await send('PATCH', url, { paused: true }), 404, 'NotFound');
    refusal(await send('DELETE', url), 404, 'NotFound');
    expect((await send('GET', '/v1/extractions/recurring/')).json()).toEqual([]);
    const template = await send('GET', `/v1/extractions/${s.template_extraction_id}/?limit=0`);
    expect(template.statusCode).toBe(200);
    expect(template.json()).toMatchObject({ status: 'FAILED', failure_reason: '' });
    // Scheduling the search again makes a new schedule: the stopped one is gone for good.
    const again = await create({ url: SENIOR_OR_CXO, frequency: 'daily' });
    expect(again.created).toBe(true);
    expect(again.schedule_id).not.toBe(s.schedule_id);
  });

  it('404 for unknown and other accounts’ schedules; 422 for an id that is not a UUID', async () => {
    await connectSeat(t);
    const s = await create({ url: SENIOR_OR_CXO, frequency: 'daily' });
    const other = await t.app.accounts.create('other');
    const { key } = await t.app.accounts.createKey(other.id, 'test');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      refusal(
        await send(method, `/v1/extractions/recurring/${s.schedule_id}/`, method === 'PATCH' ? {} : undefined, key),
        404,
        'NotFound',
      );
      refusal(
        await send(
          method,
          '/v1/extractions/recurring/0190d5f0-0000-7000-8000-000000000000/',
          method === 'PATCH' ? {} : undefined,
        ),
        404,
        'NotFound',
      );
      const error = refusal(
        await send(method, '/v1/extractions/recurring/nope/', method === 'PATCH' ? {} : undefined),
        422,
        'ValidationError',
      );
      expect(rules(error)).toEqual({ 'path.schedule_id': 'invalid_format' });
    }
    expect((await send('GET', '/v1/extractions/recurring/', undefined, key)).json()).toEqual([]);
  });

  it('the sandbox clock: read, moved forward with the due runs made before the answer; 404 for live keys, 422 for bad durations', async () => {
    await connectSeat(t);
    const s = await create({ url: SENIOR_OR_CXO, frequency: 'daily' });
    const read = SandboxClockOutSchema.strict().parse((await send('GET', '/v1/sandbox/clock/')).json());
    expect(read.offset_seconds).toBe(0);

    const moved = await send('POST', '/v1/sandbox/clock/', { advance: '36h' });
    expect(moved.statusCode, moved.body).toBe(200);
    const body = SandboxClockOutSchema.strict().parse(moved.json());
    expect(body.offset_seconds).toBe(36 * 3600);
    expect(Date.parse(body.now) - Date.parse(read.now)).toBeGreaterThanOrEqual(36 * 3_600_000);
    expect(body.runs_fired).toBe(1);
    const after = RecurringExportOutSchema.parse(
      (await send('GET', `/v1/extractions/recurring/${s.schedule_id}/`)).json(),
    );
    expect(after.run_ids).toHaveLength(1);
    expect(after.last_run_at).not.toBeNull();
    // One run for the day and a half that passed; the next falls on the schedule's own time of day.
    expect(parseExtractionTime(after.next_run_at).getTime()).toBe(parseExtractionTime(s.next_run_at).getTime() + DAY);
    const run = await send('GET', `/v1/extractions/${after.run_ids[0]}/`);
    expect(run.statusCode).toBe(202);
    expect(run.json()).toMatchObject({ search_name: s.name, status: 'ACCEPTED' });

    for (const advance of ['7', '0d', '-1d', '1w', '367d', '1.5d', 7]) {
      const error = refusal(await send('POST', '/v1/sandbox/clock/', { advance }), 422, 'ValidationError');
      expect(rules(error)).toHaveProperty(['body.advance']);
    }
    const live = await t.app.accounts.createKey(t.account.id, 'live');
    refusal(await send('GET', '/v1/sandbox/clock/', undefined, live.key), 404, 'NotFound');
    refusal(await send('POST', '/v1/sandbox/clock/', { advance: '1d' }, live.key), 404, 'NotFound');
  });
});
