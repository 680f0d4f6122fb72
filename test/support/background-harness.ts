/**
 * The background's logic wired to fakes: fake-indexeddb, a fake clock, a fake cookie jar, an
 * in-memory service behind a fake fetch, alarms and timers that are only recorded.
 */
import { openApi } from '../../lib/background/api-access.ts';
import type { BackgroundDeps } from '../../lib/background/deps.ts';
import { wireBackground } from '../../lib/background/wire.ts';
import { saveSettings } from '../../lib/db/settings-store.ts';
import type { JobNotification } from '../../lib/jobs/notification.ts';
import { createSeatSync } from '../../lib/seat/seat-sync.ts';
import type { SessionCookie } from '../../lib/seat/session.ts';
import type { SeatStatus } from '../../lib/state/snapshot.ts';
import { fakeClock } from './fake-clock.ts';
import { freshDatabase } from './fake-db.ts';
import { BASE_URL, fakeService, VALID_KEY } from './fake-service.ts';

export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0 Safari/537.36';

export function backgroundHarness() {
  const db = freshDatabase();
  const clock = fakeClock();
  const service = fakeService({ now: () => clock.now() });
  const jar = new Map<SessionCookie, string>();
  const alarms = new Map<string, number>();
  const timers: { delay: number }[] = [];
  const badges: SeatStatus[] = [];
  const granted = new Set<string>();
  const notifications: JobNotification[] = [];
  /** Repeating alarms by name, with their period in minutes. */
  const repeating = new Map<string, number>();

  const deps: BackgroundDeps = {
    db,
    clock,
    random: () => 0.5,
    fetch: service.fetch,
    cookies: { get: async (name) => jar.get(name) ?? null },
    userAgent: USER_AGENT,
    alarms: {
      schedule: async (name, when) => {
        alarms.set(name, when);
      },
      repeat: async (name, period) => {
        if (!repeating.has(name)) repeating.set(name, period);
      },
      clear: async (name) => {
        alarms.delete(name);
        repeating.delete(name);
      },
    },
    notify: async (notification) => {
      notifications.push(notification);
    },
    showSeat: async (row) => {
      badges.push(row.status);
    },
    // Recorded, never run: tests call runDue() themselves after moving the clock.
    defer: (_run, delay) => {
      timers.push({ delay });
    },
    hasHostAccess: async (pattern) => granted.has(pattern),
  };
  /** A new service worker life: same database, fresh in-memory everything. */
  const newWorker = () => createSeatSync({ ...deps, openApi: () => openApi(deps) });
  const wired = wireBackground(deps);
  const { seats } = wired;

  let counter = 0;
  return {
    db,
    clock,
    service,
    jar,
    alarms,
    timers,
    badges,
    granted,
    notifications,
    repeating,
    deps,
    seats,
    jobs: wired.jobs,
    newWorker,
    /** A new service worker life for everything: fresh in-memory state, same database and service. */
    newBackground: () => wireBackground(deps),
    services: wired.services,
    configure: (apiKey = VALID_KEY) => saveSettings(db, BASE_URL, apiKey, clock.now()),
    /** Cookies as LinkedIn sets them at login; returns the li_at value. */
    logIn() {
      counter++;
      const liAt = `AQEDAR${String(counter).padStart(4, '0')}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`;
      jar.set('li_at', liAt);
      jar.set('JSESSIONID', `"ajax:${1000000000 + counter}"`);
      jar.set('li_a', `AQJ2PTEmc2FsZXN${counter}`);
      return liAt;
    },
    rotate() {
      counter++;
      const liAt = `AQEDAR${String(counter).padStart(4, '0')}yyyyyyyyyyyyyyyyyyyyyyyyyyyyyy`;
      jar.set('li_at', liAt);
      return liAt;
    },
  };
}

export type BackgroundHarness = ReturnType<typeof backgroundHarness>;

/** A cookies.onChanged event, as Chrome sends it. */
export function cookieEvent(name: string, removed: boolean, cause = 'explicit') {
  return { removed, cause, cookie: { name, domain: '.linkedin.com' } };
}
