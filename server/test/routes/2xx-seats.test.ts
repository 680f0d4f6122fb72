import { afterEach, beforeEach, expect, it } from 'vitest';
import { SeatConnectOutSchema, SeatListOutSchema } from '../../../lib/contract/seats.ts';
import { bearer, startTestApp, type TestApp, VALID_SESSION } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';

describeEachDialect('2xx seat endpoints', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(dialect);
  });
  afterEach(() => t.close());

  const connect = (body: object) =>
    t.server.inject({ method: 'POST', url: '/v1/seats/', headers: bearer(t.account.key), payload: body });
  const list = async () => {
    const res = await t.server.inject({ method: 'GET', url: '/v1/seats/', headers: bearer(t.account.key) });
    expect(res.statusCode).toBe(200);
    return SeatListOutSchema.parse(res.json());
  };

  it('connects a seat (201) and never returns its session', async () => {
    const res = await connect(VALID_SESSION);
    expect(res.statusCode).toBe(201);
    const body = SeatConnectOutSchema.parse(res.json());
    expect(body.created).toBe(true);
    expect(body.seat).toMatchObject({ status: 'valid', daily_limit: 2500, used_today: 0, remaining: 2500 });
    expect(res.body).not.toContain(VALID_SESSION.li_at);
    expect(res.body).not.toContain('ajax:');
    const seats = await list();
    expect(seats.map((s) => s.id)).toEqual([body.seat.id]);
    expect(JSON.stringify(seats)).not.toContain(VALID_SESSION.li_at);
  });

  it('stores the session encrypted, and gives it back whole to the code that needs it', async () => {
    const { seat } = (await connect(VALID_SESSION)).json();
    const row = await t.app.store.db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', seat.id)
      .executeTakeFirstOrThrow();
    expect(row.session_sealed).not.toContain(VALID_SESSION.li_at);
    expect(row.session_sealed).not.toContain('Mozilla');
    expect(t.app.seats.openSession(row)).toEqual({
      li_at: VALID_SESSION.li_at,
      jsessionid: 'ajax:8145937301234567890',
      li_a: VALID_SESSION.li_a,
      user_agent: VALID_SESSION.user_agent,
    });
  });

  it('replaces the session when the same member connects again (200, created false)', async () => {
    const first = (await connect({ ...VALID_SESSION, member_id: '100000001' })).json();
    await t.app.seats.invalidate(t.account.id, first.seat.id, 'session rejected');
    const rotated = { ...VALID_SESSION, li_at: 'AQEDARrotated_token_value_000000000', member_id: '100000001' };
    const res = await connect(rotated);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(false);
    expect(body.seat.id).toBe(first.seat.id);
    expect(body.seat.status).toBe('valid');
    expect(body.seat.invalid_reason).toBeNull();
    const row = await t.app.store.db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', first.seat.id)
      .executeTakeFirstOrThrow();
    expect(t.app.seats.openSession(row).li_at).toBe(rotated.li_at);
    expect(await list()).toHaveLength(1);
  });

  it('reconnects a named seat with a rotated session, even a disconnected one', async () => {
    const first = (await connect(VALID_SESSION)).json();
    await t.app.seats.invalidate(t.account.id, first.seat.id, 'session rejected');
    const rotated = { ...VALID_SESSION, li_at: 'AQEDARrotated_after_rotation_0000000', seat_id: first.seat.id };
    const res = await connect(rotated);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: false,
      seat: { id: first.seat.id, status: 'valid', invalid_reason: null },
    });
    const row = await t.app.store.db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', first.seat.id)
      .executeTakeFirstOrThrow();
    expect(t.app.seats.openSession(row).li_at).toBe(rotated.li_at);
    expect(await list()).toHaveLength(1);
    // the same rotated session connected again without the id is still that one seat
    const again = await connect({ ...rotated, seat_id: undefined });
    expect(again.json().seat.id).toBe(first.seat.id);

    await t.server.inject({ method: 'DELETE', url: `/v1/seats/${first.seat.id}/`, headers: bearer(t.account.key) });
    const revived = await connect({
      ...VALID_SESSION,
      li_at: 'AQEDARthird_session_value_00000000',
      seat_id: first.seat.id,
    });
    expect(revived.statusCode).toBe(200);
    expect(await list()).toHaveLength(1);
  });

  it('adds a second seat for another member', async () => {
    await connect({ ...VALID_SESSION, member_id: 'a' });
    await connect({ ...VALID_SESSION, member_id: 'b' });
    expect(await list()).toHaveLength(2);
  });

  it('disconnects a seat; it leaves the list and the quota', async () => {
    const { seat } = (await connect(VALID_SESSION)).json();
    const res = await t.server.inject({
      method: 'DELETE',
      url: `/v1/seats/${seat.id}/`,
      headers: bearer(t.account.key),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, seat_id: seat.id, disconnected: true });
    expect(await list()).toEqual([]);
    const quota = await t.server.inject({ method: 'GET', url: '/v1/quota/', headers: bearer(t.account.key) });
    expect(quota.json().quota.has_valid_seat).toBe(false);
  });

  it('keeps a member usage across a disconnect and reconnect', async () => {
    const { seat } = (await connect({ ...VALID_SESSION, member_id: 'm1' })).json();
    await t.app.quota.record({ id: seat.id, account_id: t.account.id }, 30, 'k');
    await t.server.inject({ method: 'DELETE', url: `/v1/seats/${seat.id}`, headers: bearer(t.account.key) });
    const again = (await connect({ ...VALID_SESSION, member_id: 'm1' })).json();
    expect(again.seat.id).toBe(seat.id);
    expect(again.seat.used_today).toBe(30);
  });
});
