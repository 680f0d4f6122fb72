import { afterEach, beforeEach, expect, it } from 'vitest';
import { RecurringExportOutSchema } from '../../../lib/contract/recurring.ts';
import { parseExtractionTime } from '../../../lib/contract/time.ts';
import { savedSearch } from '../../src/sandbox/salestool/state.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { connectSeat, L, member, runDueExtractionJobs, SENIOR_OR_CXO } from '../support/extractions.ts';
import { expectRunsMatchWorld, RECURRING_WORLDS, type RunFacts, runsOf } from '../support/recurring.ts';
import { FAST_SANDBOX_ENV } from '../support/sandbox.ts';

const ALL_PEOPLE = `${L}/sales/search/people`;
const DEMO_SAVED_CXOS = `${L}/sales/search/people?savedSearchId=50452101`;
const ALL_COMPANIES = `${L}/sales/search/company`;

/**
 * Weeks of sandbox time through the API: several schedules of each cadence, a pause, a stop and
 * jumps over several run times. No real waiting: the sandbox clock moves, each advance makes the
 * due runs, and their jobs are run by hand.
 */
describeEachDialect('recurring exports over weeks of sandbox time', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 100_000, env: { ...FAST_SANDBOX_ENV }, worlds: RECURRING_WORLDS });
    await connectSeat(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t.server.inject({
      method,
      url,
      headers: bearer(t.account.key),
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const schedule = async (url: string, frequency: string) =>
    (await send('POST', '/v1/extractions/recurring/', { url, frequency })).schedule_id as string;
  /** Moves sandbox time and runs every run the move made; returns how many it made. */
  const advance = async (by: string) => {
    const { runs_fired } = await send('POST', '/v1/sandbox/clock/', { advance: by });
    await runDueExtractionJobs(t);
    return runs_fired as number;
  };
  const read = async (id: string) =>
    RecurringExportOutSchema.parse(await send('GET', `/v1/extractions/recurring/${id}/`));

  it('runs hold exactly the leads new in the world since the previous run, and each run time fires once', async () => {
    const daily = await schedule(ALL_PEOPLE, 'daily');
    const weekly = await schedule(SENIOR_OR_CXO, 'weekly');
    const monthly = await schedule(DEMO_SAVED_CXOS, 'monthly');
    const stopped = await schedule(ALL_COMPANIES, 'weekly');

    // [step, runs fired by it]: daily runs on each day passed, once for a jump over several days.
    const plan: [string, number][] = [
      ['1d', 1], // day 1: daily
      ['1d', 1], // day 2: daily
      ['12h', 0],
      ['12h', 1], // day 3: daily
      ['3d', 1], // day 6: daily, once for days 4 to 6
    ];
    for (const [by, fired] of plan) expect(await advance(by), by).toBe(fired);

    const weeklyFirst = await read(weekly);
    await send('PATCH', `/v1/extractions/recurring/${weekly}/`, { paused: true });
    expect(await advance('1d')).toBe(2); // day 7: daily and the company search; weekly is paused
    expect((await read(weekly)).run_ids).toEqual([]);
    const resumed = await send('PATCH', `/v1/extractions/recurring/${weekly}/`, { paused: false });
    // Its day-7 run passed while paused: it runs next on day 14, not at once.
    expect(parseExtractionTime(resumed.next_run_at).getTime()).toBe(
      parseExtractionTime(weeklyFirst.next_run_at).getTime() + 7 * 86_400_000,
    );
    await send('DELETE', `/v1/extractions/recurring/${stopped}/`);

    const later: [string, number][] = [
      ['7d', 2], // day 14: daily (once for days 8 to 14) and weekly
      ['7d', 2], // day 21
      ['10d', 3], // day 31: daily, weekly (its day 28 run late), monthly (a month on: day 30)
      ['7d', 2], // day 38: daily, weekly (day 35)
      ['28d', 3], // day 66: daily, weekly, monthly (day 61)
    ];
    for (const [by, fired] of later) expect(await advance(by), by).toBe(fired);

    const counts = {
      daily: (await expectRunsMatchWorld(t, daily)).length,
      weekly: (await expectRunsMatchWorld(t, weekly)).length,
      monthly: (await expectRunsMatchWorld(t, monthly)).length,
      stopped: (await expectRunsMatchWorld(t, stopped)).length,
    };
    expect(counts).toEqual({ daily: 10, weekly: 5, monthly: 2, stopped: 1 });
    const leads = (await expectRunsMatchWorld(t, daily)).reduce((n, r) => n + r.leads.length, 0);
    // Weeks of a 3,400-person world bring new people: the runs are not all empty.
    expect(leads).toBeGreaterThan(5);

    // The list: what can still run, soonest first, each with its runs newest first.
    const list = await send('GET', '/v1/extractions/recurring/');
    expect(list.map((s: { schedule_id: string }) => s.schedule_id)).toEqual([daily, weekly, monthly]);
    const dailyRuns = (await read(daily)).run_ids;
    expect(dailyRuns).toEqual([...dailyRuns].sort().reverse());
  });

  it('a run skipped for credits or for the seat moves the date on, and the next run brings the leads it missed', async () => {
    const daily = await schedule(ALL_PEOPLE, 'daily');
    // Spend every credit: the day-1 run is skipped.
    const { available } = await t.app.credits.balance(t.account.id);
    await t.app.credits.debit(t.account.id, available, 'spend-all', 'spent');
    expect(await advance('1d')).toBe(0);
    const skipped = await read(daily);
    expect(skipped).toMatchObject({ run_ids: [], last_run_at: null, last_skip_reason: 'insufficient_credits' });
    const first = await t.app.store.db
      .selectFrom('recurring_exports')
      .selectAll()
      .where('id', '=', daily)
      .executeTakeFirstOrThrow();

    // The seat logs out: the day-2 run is skipped for the seat.
    await t.app.credits.grant(t.account.id, 10_000, 'top-up');
    const seat = (await t.app.quota.seats(t.account.id))[0]?.seat;
    if (!seat) throw new Error('no seat');
    await t.app.seats.invalidate(t.account.id, seat.id, 'logged out');
    expect(await advance('1d')).toBe(0);
    expect(await read(daily)).toMatchObject({ run_ids: [], last_skip_reason: 'no_usable_seat' });
    expect((await read(daily)).next_run_at > skipped.next_run_at).toBe(true);

    await connectSeat(t);
    expect(await advance('1d')).toBe(1);
    const [run] = await expectRunsMatchWorld(t, daily);
    // Its window starts where the schedule began: the two skipped days are in it.
    expect(run?.from).toBe(Number(first.covered_until));
  });
});

describeEachDialect('a recurring run stopped by the seat’s daily quota', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, {
      credits: 1_000,
      env: { ...FAST_SANDBOX_ENV, LEADFORGE_SEAT_DAILY_LIMIT: '2' },
      worlds: RECURRING_WORLDS,
    });
    await connectSeat(t);
  });
  afterEach(async () => {
    await t.close();
  });

  it('is taken up where it stopped by the next runs: every new lead delivered once, charged once', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/v1/extractions/recurring/',
      headers: bearer(t.account.key),
      payload: { url: ALL_PEOPLE, frequency: 'daily' },
    });
    const { schedule_id: id } = res.json();
    const advance = async (by: string) => {
      await t.server.inject({
        method: 'POST',
        url: '/v1/sandbox/clock/',
        headers: bearer(t.account.key),
        payload: { advance: by },
      });
      await runDueExtractionJobs(t);
    };
    // Two months of new people at once, for a seat that may read two a day.
    await advance('60d');
    let runs = await runsOf(t.app.store.db, id);
    for (let day = 0; runs.at(-1)?.status !== 'EXECUTED'; day++) {
      if (day > 40) throw new Error('the runs never caught up');
      t.clock.advance(86_400_000); // the seat's rolling 24 hours are real time
      await advance('1d');
      runs = await runsOf(t.app.store.db, id);
    }
    expect(runs.filter((r) => r.status === 'FAILED').length).toBeGreaterThan(1);
    const delivered = runs.flatMap((r) => r.leads);
    expect(new Set(delivered).size).toBe(delivered.length);
    const schedule = await t.app.store.db
      .selectFrom('recurring_exports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const tool = await t.app.worlds.salesToolServer();
    const saved = savedSearch(tool.state, member('demo'), 'LEAD', schedule.saved_search_id);
    if (!saved) throw new Error('no saved search');
    const last = runs.at(-1) as RunFacts;
    const truth = tool.state.engine
      .newSince('LEAD', member('demo'), saved.query, schedule.created_at, last.to)
      .map((h) => ('lead' in h.view ? h.view.lead.profileId : ''));
    expect(delivered.sort()).toEqual(truth.sort());
    expect(truth.length).toBeGreaterThan(4);
    expect((await t.app.credits.balance(t.account.id)).available).toBe(1_000 - delivered.length);
  });
});
