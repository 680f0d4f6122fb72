import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../lib/contract/errors.ts';
import { bearer, startTestApp, type TestApp } from '../support/app.ts';
import { sandboxSession } from '../support/sales-tool.ts';

describe('404 NotFound and 405 MethodNotAllowed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('answers an unknown path with the common body, with or without a key', async () => {
    for (const headers of [{}, bearer(t.account.key)]) {
      const res = await t.server.inject({ method: 'GET', url: '/v1/no-such-thing/', headers });
      expect(res.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(res.json()).error.type).toBe('NotFound');
    }
    const root = await t.server.inject({ method: 'GET', url: '/nope' });
    expect(root.statusCode).toBe(404);
    expect(root.json().error.type).toBe('NotFound');
  });

  it("answers another account's seat exactly like a missing one", async () => {
    const other = await t.app.accounts.create('other-404');
    const otherKey = (await t.app.accounts.createKey(other.id, 'test')).key;
    const theirs = await t.server.inject({
      method: 'POST',
      url: '/v1/seats/',
      headers: bearer(otherKey),
      payload: await sandboxSession(t.app),
    });
    const seatId = theirs.json().seat.id;

    const foreign = await t.server.inject({
      method: 'DELETE',
      url: `/v1/seats/${seatId}/`,
      headers: bearer(t.account.key),
    });
    const missing = await t.server.inject({
      method: 'DELETE',
      url: '/v1/seats/01900000-0000-7000-8000-000000000000/',
      headers: bearer(t.account.key),
    });
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    // and the other account's seat is untouched
    const list = await t.server.inject({ method: 'GET', url: '/v1/seats/', headers: bearer(otherKey) });
    expect(list.json()).toHaveLength(1);
  });

  it("answers a reconnect naming an unknown or another account's seat with 404, changing nothing", async () => {
    const other = await t.app.accounts.create('other-404-reconnect');
    const otherKey = (await t.app.accounts.createKey(other.id, 'test')).key;
    const theirSession = await sandboxSession(t.app);
    const theirs = (
      await t.server.inject({ method: 'POST', url: '/v1/seats/', headers: bearer(otherKey), payload: theirSession })
    ).json();
    const mine = await sandboxSession(t.app, 'ava');
    for (const seat_id of [theirs.seat.id, '01900000-0000-7000-8000-000000000000']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/v1/seats/',
        headers: bearer(t.account.key),
        payload: { ...mine, seat_id },
      });
      expect(res.statusCode).toBe(404);
    }
    const row = await t.app.store.db
      .selectFrom('seats')
      .selectAll()
      .where('id', '=', theirs.seat.id)
      .executeTakeFirstOrThrow();
    expect(t.app.seats.openSession(row).li_at).toBe(theirSession.li_at);
  });

  it('answers a second disconnect of the same seat with 404', async () => {
    const { seat } = (
      await t.server.inject({
        method: 'POST',
        url: '/v1/seats/',
        headers: bearer(t.account.key),
        payload: await sandboxSession(t.app),
      })
    ).json();
    const first = await t.server.inject({
      method: 'DELETE',
      url: `/v1/seats/${seat.id}/`,
      headers: bearer(t.account.key),
    });
    expect(first.statusCode).toBe(200);
    const second = await t.server.inject({
      method: 'DELETE',
      url: `/v1/seats/${seat.id}/`,
      headers: bearer(t.account.key),
    });
    expect(second.statusCode).toBe(404);
  });

  it('answers a known path asked with the wrong method with 405 and Allow', async () => {
    const res = await t.server.inject({ method: 'PUT', url: '/v1/quota/', headers: bearer(t.account.key) });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(ErrorBodySchema.parse(res.json()).error.type).toBe('MethodNotAllowed');
    const seats = await t.server.inject({ method: 'PATCH', url: '/v1/seats' });
    expect(seats.statusCode).toBe(405);
    expect(seats.headers.allow).toBe('GET, POST');
  });
});
