import { afterEach, beforeEach, expect, it } from 'vitest';
import { QuotaOutSchema } from '../../../lib/contract/quota.ts';
import { DAY_MS } from '../../src/core/clock.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { sandboxSession } from '../support/sales-tool.ts';

describeEachDialect('200 GET /v1/quota/', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect, { credits: 250 });
  });
  afterEach(() => t.close());

  const getQuota = async () => {
    const res = await t.server.inject({ method: 'GET', url: '/v1/quota/', headers: bearer(t.account.key) });
    expect(res.statusCode).toBe(200);
    return QuotaOutSchema.parse(res.json()).quota;
  };

  it('reports credits and no seat for a new account', async () => {
    expect(await getQuota()).toEqual({
      daily_limit: 0,
      used_today: 0,
      remaining: 0,
      has_valid_seat: false,
      credits: 250,
      seats: [],
    });
  });

  it('is served the same without the trailing slash, and with a Token header', async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/v1/quota',
      headers: { authorization: `Token ${t.account.key}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().quota.credits).toBe(250);
  });

  it('sums valid seats, counts usage over a rolling 24 hours, and gives an invalid seat nothing', async () => {
    const a = await t.app.seats.connect(
      { accountId: t.account.id, keyId: '', mode: 'test' },
      await sandboxSession(t.app, 'demo'),
    );
    const b = await t.app.seats.connect(
      { accountId: t.account.id, keyId: '', mode: 'test' },
      await sandboxSession(t.app, 'ava'),
    );
    const seatA = { id: a.seat.id, account_id: t.account.id };
    const seatB = { id: b.seat.id, account_id: t.account.id };

    await t.app.quota.record(seatA, 100, 'job1-page1');
    await t.app.quota.record(seatA, 100, 'job1-page1'); // the same event again counts once
    t.clock.advance(12 * 60 * 60 * 1000);
    await t.app.quota.record(seatA, 40, 'job2-page1');
    await t.app.quota.record(seatB, 7, 'job3-page1');

    let q = await getQuota();
    expect(q).toMatchObject({ daily_limit: 5000, used_today: 147, remaining: 4853, has_valid_seat: true });
    expect(q.seats).toEqual([
      { id: a.seat.id, status: 'valid', daily_limit: 2500, used_today: 140, remaining: 2360 },
      { id: b.seat.id, status: 'valid', daily_limit: 2500, used_today: 7, remaining: 2493 },
    ]);

    // 24 hours after the first event it no longer counts.
    t.clock.advance(DAY_MS - 12 * 60 * 60 * 1000 + 1);
    await t.app.seats.invalidate(t.account.id, b.seat.id, 'session rejected');
    q = await getQuota();
    expect(q).toMatchObject({ daily_limit: 2500, used_today: 40, remaining: 2460, has_valid_seat: true });
    expect(q.seats[1]).toEqual({ id: b.seat.id, status: 'invalid', daily_limit: 0, used_today: 7, remaining: 0 });
  });

  it('never reports more used than the limit as negative remaining', async () => {
    const a = await t.app.seats.connect(
      { accountId: t.account.id, keyId: '', mode: 'test' },
      await sandboxSession(t.app),
    );
    await t.app.quota.record({ id: a.seat.id, account_id: t.account.id }, 2600, 'over');
    const q = await getQuota();
    expect(q.remaining).toBe(0);
    expect(q.seats[0]?.used_today).toBe(2600);
  });

  it('shows the balance left after holds and debits', async () => {
    const hold = await t.app.credits.hold(t.account.id, 50, 'h1');
    await t.app.credits.debit(t.account.id, 25, 'd1');
    expect((await getQuota()).credits).toBe(175);
    await t.app.credits.releaseHold(t.account.id, hold.id, 'r1');
    expect((await getQuota()).credits).toBe(225);
  });
});
