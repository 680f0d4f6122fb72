/**
 * Everything the background's logic needs from the browser and the world, as ports: the real
 * ones are built in browser-deps.ts, tests pass fakes (fake fetch, fake clock, fake cookies).
 */
import type { FetchLike } from '../api/client.ts';
import type { Clock } from '../clock.ts';
import type { LeadforgeDb } from '../db/database.ts';
import type { SeatRow } from '../db/rows.ts';
import type { JobNotification } from '../jobs/notification.ts';
import type { CookieJar } from '../seat/session.ts';

export interface BackgroundDeps {
  db: LeadforgeDb;
  clock: Clock;
  random: () => number;
  fetch: FetchLike;
  cookies: CookieJar;
  userAgent: string;
  alarms: {
    schedule(name: string, when: number): Promise<void>;
    /** A repeating alarm, created only when none of that name exists (re-creating would postpone it). */
    repeat(name: string, periodMinutes: number): Promise<void>;
    clear(name: string): Promise<void>;
  };
  /** A desktop notification about a job. */
  notify(notification: JobNotification): Promise<void>;
  showSeat(row: SeatRow): Promise<void>;
  defer(run: () => void, ms: number): void;
  /** Whether the browser lets the extension reach a host (an optional host permission granted). */
  hasHostAccess(pattern: string): Promise<boolean>;
}
