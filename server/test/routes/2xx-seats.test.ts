import { afterEach, beforeEach, expect, it } from 'vitest';
import { SeatConnectOutSchema, SeatListOutSchema } from '../../../lib/contract/seats.ts';
import { bearer, startTestApp, type TestApp, VALID_SESSION } from '../support/app.ts';
import { describeEachDialect } from '../support/databases.ts';
import { sandboxSession } from '../support/sales-tool.ts';

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
    const session = await sandboxSession(t.app);
    const res = await connect(session);
    expect(res.statusCode).toBe(201);
    const body = SeatConnectOutSchema.parse(res.json());
    expect(body.created).toBe(true);
    expect(body.seat).toMatchObject({ status: 'valid', daily_limit: 2500, used_today: 0, remaining: 2500 });
    expect(res.body).not.toContain(session.li_at);
    expect(res.body).not.toContain('ajax:');
    const seats = await list();
    expect(seats.map((s) => s.id)).toEqual([body.seat.id]);
    expect(JSON.stringify(seats)).not.toContain(session.li_at);
  });

  it('refuses a session the sales tool does not accept (422 naming li_at), and a member without a seat', async () => {
    const res = await connect(VALID_SESSION);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ type: 'ValidationError' });
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'body.li_at', rule: 'session_rejected' }),
    ]);
    const noSeat = await connect(await sandboxSession(t.app, 'noseat'));
    expect(noSeat.statusCode).toBe(422);
    expect(noSeat.json().error.message).toContain('no Sales Navigator seat');
    // a session signed out on the tool is refused too
    const session = await sandboxSession(t.app, 'ava');
    (await t.app.worlds.salesToolServer()).state.sessions.revokeMember('ava');
    expect((await connect(session)).statusCode).toBe(422);
    expect(await list()).toEqual([]);
  });

  it('stores the session encrypted, and gives it back whole to the code that needs it', async () => {
    const session = await sandboxSession(t.app);
    const { seat } = (await connect(session)).json();
    const row = await t.app.store.db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', seat.id)
      .executeTakeFirstOrThrow();
    expect(row.session_sealed).not.toContain(session.li_at);
    expect(row.session_sealed).not.toContain('Mozilla');
    expect(row.member_id).toBe('10000001');
    expect(t.app.seats.openSession(row)).toEqual({
      li_at: session.li_at,
      jsessionid: session.jsessionid.replaceAll('"', ''),
      li_a: session.li_a,
      user_agent: session.user_agent,
    });
  });

  it('replaces the session when the same member connects again (200, created false)', async () => {
    const first = (await connect(await sandboxSession(t.app))).json();
    await t.app.seats.invalidate(t.account.id, first.seat.id, 'session rejected');
    // the member signs in again: a new session, the same member (the tool says so)
    const rotated = await sandboxSession(t.app);
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
    const first = (await connect(await sandboxSession(t.app))).json();
    await t.app.seats.invalidate(t.account.id, first.seat.id, 'session rejected');
    const rotated = { ...(await sandboxSession(t.app)), seat_id: first.seat.id };
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
    const revived = await connect({ ...(await sandboxSession(t.app)), seat_id: first.seat.id });
    expect(revived.statusCode).toBe(200);
    expect(await list()).toHaveLength(1);
  });

  it('adds a second seat for another member', async () => {
    await connect(await sandboxSession(t.app, 'demo'));
    await connect(await sandboxSession(t.app, 'ava'));
    // a client's member_id does not override whose session the tool says it is
    await connect({ ...(await sandboxSession(t.app, 'ava')), member_id: 'someone-else' });
    expect(await list()).toHaveLength(2);
  });

  it('disconnects a seat; it leaves the list and the quota', async () => {
    const { seat } = (await connect(await sandboxSession(t.app))).json();
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
    const { seat } = (await connect(await sandboxSession(t.app, 'ben'))).json();
    await t.app.quota.record({ id: seat.id, account_id: t.account.id }, 30, 'k');
    await t.server.inject({ method: 'DELETE', url: `/v1/seats/${seat.id}`, headers: bearer(t.account.key) });
    const again = (await connect(await sandboxSession(t.app, 'ben'))).json();
    expect(again.seat.id).toBe(seat.id);
    expect(again.seat.used_today).toBe(30);
  });
});
