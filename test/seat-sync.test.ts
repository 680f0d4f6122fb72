import { describe, expect, it } from 'vitest';
import { readSeat } from '../lib/db/cache-store.ts';
import { saveSettings } from '../lib/db/settings-store.ts';
import { DEBOUNCE_MS, RETRY_BASE_MS, SEAT_SYNC_ALARM } from '../lib/seat/seat-sync.ts';
import { type BackgroundHarness, backgroundHarness, cookieEvent, USER_AGENT } from './support/background-harness.ts';
import { BASE_URL, VALID_KEY } from './support/fake-service.ts';

/** Sets the cookies of a login, reports them as Chrome would, and lets the debounce run out. */
async function loginSettled(h: BackgroundHarness) {
  const liAt = h.logIn();
  for (const name of ['li_at', 'JSESSIONID', 'li_a']) await h.seats.onCookieChanged(cookieEvent(name, false));
  h.clock.advance(DEBOUNCE_MS);
  await h.seats.runDue();
  return liAt;
}

describe('seat connect and reconnect', () => {
  it('connects a login once, after its cookies settle', async () => {
    const h = backgroundHarness();
    await h.configure();
    const liAt = h.logIn();
    const start = h.clock.now();
    await h.seats.onCookieChanged(cookieEvent('li_at', false));
    h.clock.advance(400);
    await h.seats.onCookieChanged(cookieEvent('JSESSIONID', false));

    // The deadline moved with the second cookie; it is kept in IndexedDB and in an alarm.
    const due = start + 400 + DEBOUNCE_MS;
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ syncDueAt: due });
    expect(h.alarms.get(SEAT_SYNC_ALARM)).toBe(due);
    expect(h.timers.at(-1)?.delay).toBeGreaterThanOrEqual(DEBOUNCE_MS);

    h.clock.advance(DEBOUNCE_MS - 1);
    await expect(h.seats.runDue()).resolves.toBeNull();
    expect(h.service.connects()).toHaveLength(0);

    h.clock.advance(1);
    const result = await h.seats.runDue();
    expect(result?.row).toMatchObject({ status: 'connected', seatId: 'seat-1', syncDueAt: null, problem: null });
    expect(h.alarms.has(SEAT_SYNC_ALARM)).toBe(false);
    expect(h.service.connects()).toHaveLength(1);
    expect(h.service.connects()[0]?.body).toEqual({
      li_at: liAt,
      jsessionid: h.jar.get('JSESSIONID'),
      li_a: h.jar.get('li_a'),
      user_agent: USER_AGENT,
    });
    expect(h.badges.at(-1)).toBe('connected');
  });

  it('reconnects the same seat after a rotation, ignoring the overwrite removal', async () => {
    const h = backgroundHarness();
    await h.configure();
    await loginSettled(h);

    await h.seats.onCookieChanged(cookieEvent('li_at', true, 'overwrite'));
    const newLiAt = h.rotate();
    await h.seats.onCookieChanged(cookieEvent('li_at', false));
    h.clock.advance(DEBOUNCE_MS);
    await h.seats.runDue();

    expect(h.service.connects()).toHaveLength(2);
    expect(h.service.connects()[1]?.body).toMatchObject({ li_at: newLiAt, seat_id: 'seat-1' });
    expect(h.service.seats).toHaveLength(1);
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ status: 'connected', seatId: 'seat-1' });
  });

  it('sends nothing when the session’s hash has not changed', async () => {
    const h = backgroundHarness();
    await h.configure();
    await loginSettled(h);
    await h.seats.onCookieChanged(cookieEvent('li_a', false));
    h.clock.advance(DEBOUNCE_MS);
    await h.seats.runDue();
    await h.seats.sync();
    expect(h.service.connects()).toHaveLength(1);
  });

  it('keeps a pending reconnect across a stopped service worker', async () => {
    const h = backgroundHarness();
    await h.configure();
    h.logIn();
    await h.seats.onCookieChanged(cookieEvent('li_at', false));

    // The worker is stopped; a new one starts (the alarm woke it, or the browser restarted).
    const next = h.newWorker();
    await next.resume();
    expect(h.service.connects()).toHaveLength(0);
    h.clock.advance(DEBOUNCE_MS);
    await next.runDue();
    expect(h.service.connects()).toHaveLength(1);
  });

  it('says so when the user logs out, and reconnects the same seat at the next login', async () => {
    const h = backgroundHarness();
    await h.configure();
    await loginSettled(h);
    await h.seats.onCookieChanged(cookieEvent('JSESSIONID', false));

    h.jar.delete('li_at');
    await h.seats.onCookieChanged(cookieEvent('li_at', true, 'expired_overwrite'));
    const row = await readSeat(h.db, h.clock.now());
    expect(row).toMatchObject({ status: 'logged-out', sessionHash: null, syncDueAt: null, seatId: 'seat-1' });
    expect(h.alarms.has(SEAT_SYNC_ALARM)).toBe(false);
    expect(h.badges.at(-1)).toBe('logged-out');

    await loginSettled(h);
    expect(h.service.connects().at(-1)?.body).toMatchObject({ seat_id: 'seat-1' });
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ status: 'connected', seatId: 'seat-1' });
  });

  it('retries by itself when the service is down, waiting longer each time', async () => {
    const h = backgroundHarness();
    await h.configure();
    h.service.setDown(true);
    await loginSettled(h);
    let row = await readSeat(h.db, h.clock.now());
    expect(row).toMatchObject({ status: 'failed', failures: 1, problem: { kind: 'unreachable' } });
    expect(row.syncDueAt).toBe(h.clock.now() + RETRY_BASE_MS);
    expect(h.alarms.get(SEAT_SYNC_ALARM)).toBe(row.syncDueAt);

    h.clock.advance(RETRY_BASE_MS);
    await h.seats.runDue();
    row = await readSeat(h.db, h.clock.now());
    expect(row.syncDueAt).toBe(h.clock.now() + 2 * RETRY_BASE_MS);

    h.service.setDown(false);
    h.clock.advance(2 * RETRY_BASE_MS);
    await h.seats.runDue();
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ status: 'connected', failures: 0 });
  });

  it('does not retry by itself what only the user can fix (a rejected key)', async () => {
    const h = backgroundHarness();
    await h.configure('lf_test_ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ');
    await loginSettled(h);
    const row = await readSeat(h.db, h.clock.now());
    expect(row).toMatchObject({ status: 'failed', syncDueAt: null, problem: { kind: 'AuthenticationError' } });
    expect(h.alarms.has(SEAT_SYNC_ALARM)).toBe(false);
  });

  it('connects afresh when the remembered seat is gone from the service', async () => {
    const h = backgroundHarness();
    await h.configure();
    await h.db.seat.put({ ...(await readSeat(h.db, 0)), seatId: 'seat-gone' });
    await loginSettled(h);
    expect(h.service.connects().map((r) => (r.body as { seat_id?: string }).seat_id)).toEqual(['seat-gone', undefined]);
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ status: 'connected', seatId: 'seat-1' });
  });

  it('asks the user to log in when Reconnect is pressed without a login', async () => {
    const h = backgroundHarness();
    await h.configure();
    const result = await h.seats.sync({ force: true });
    expect(result.problem).toMatchObject({ kind: 'no_session', next: expect.stringMatching(/Log in/) });
    expect(h.service.connects()).toHaveLength(0);
  });

  it('waits for a key before connecting, and says so', async () => {
    const h = backgroundHarness();
    const liAt = h.logIn();
    const result = await h.seats.sync();
    expect(result.row).toMatchObject({ status: 'not-connected', problem: { kind: 'not_configured' } });
    expect(h.service.requests).toHaveLength(0);
    expect(JSON.stringify(result)).not.toContain(liAt);
  });

  it('flags a service address the browser no longer lets it reach', async () => {
    const h = backgroundHarness();
    await saveSettings(h.db, 'https://leads.example.com', VALID_KEY, h.clock.now());
    h.logIn();
    const result = await h.seats.sync();
    expect(result.row).toMatchObject({ status: 'failed', problem: { kind: 'permission_missing' } });
    expect(h.badges.at(-1)).toBe('failed');
    expect(h.service.requests).toHaveLength(0);
  });

  it('shows a seat the service marks invalid as needing reconnection, and reconnects it on demand', async () => {
    const h = backgroundHarness();
    await h.configure();
    await loginSettled(h);
    h.service.invalidate('seat-1');
    const quota = await h.deps.fetch(`${BASE_URL}/v1/quota/`, { headers: { Authorization: `Bearer ${VALID_KEY}` } });
    await h.seats.reconcile(((await quota.json()) as { quota: never }).quota);
    await expect(readSeat(h.db, h.clock.now())).resolves.toMatchObject({ status: 'needs-reconnect' });
    expect(h.badges.at(-1)).toBe('needs-reconnect');

    // The same dead session is not sent again by itself…
    await h.seats.sync();
    expect(h.service.connects()).toHaveLength(1);
    // …but the Reconnect button sends it (the user says they logged in again).
    const result = await h.seats.sync({ force: true, seatId: 'seat-1' });
    expect(result).toMatchObject({ connected: true, row: { status: 'connected' } });
    expect(h.service.connects().at(-1)?.body).toMatchObject({ seat_id: 'seat-1' });
  });

  it('never stores a cookie value', async () => {
    const h = backgroundHarness();
    await h.configure();
    const liAt = await loginSettled(h);
    const everything = JSON.stringify(await Promise.all(h.db.tables.map((t) => t.toArray())));
    const jsessionid = h.jar.get('JSESSIONID')!.replaceAll('"', '');
    for (const value of [liAt, jsessionid, h.jar.get('li_a')!]) expect(everything).not.toContain(value);
  });
});
