/**
 * Keeps this browser's Sales Navigator session connected as a seat. Cookie changes are debounced
 * with a deadline kept in IndexedDB and an alarm, so a reconnect still happens if the service
 * worker is stopped in between; the session's hash decides whether anything changed at all.
 * Everything it knows lives in the seat row (db/rows.ts): no state survives here but a queue.
 */

import type { ApiAccess } from '../api/client.ts';
import { describeFailure } from '../api/describe-failure.ts';
import type { Clock } from '../clock.ts';
import type { QuotaInfo } from '../contract/quota.ts';
import { readSeat, updateSeat } from '../db/cache-store.ts';
import type { LeadforgeDb } from '../db/database.ts';
import type { SeatRow } from '../db/rows.ts';
import { oneAtATime } from '../one-at-a-time.ts';
import { type Problem, problem } from '../problem.ts';
import { type CookieChange, classifyCookieChange } from './cookie-change.ts';
import { type ConnectOutcome, connectOutcome, reconcileWithQuota } from './seat-outcome.ts';
import { type CookieJar, hashSession, readSession } from './session.ts';

export const SEAT_SYNC_ALARM = 'seat-sync';
/** A rotation's two events and a login's several cookies arrive within this; one connect follows. */
export const DEBOUNCE_MS = 1_500;
/** After a failure the service may recover from: 1 min, doubling, at most 30 min. */
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 30 * 60_000;
/** Timers may fire a little early against Date.now(); the deadline check must not miss them. */
const TIMER_SLACK_MS = 50;

export interface SeatSyncDeps {
  db: LeadforgeDb;
  clock: Clock;
  cookies: CookieJar;
  userAgent: string;
  alarms: { schedule(name: string, when: number): Promise<void>; clear(name: string): Promise<void> };
  /** Shows the seat's state on the toolbar icon. */
  showSeat(row: SeatRow): Promise<void>;
  /** A plain timer: the fast path of the debounce while the worker lives; the alarm is the backstop. */
  defer(run: () => void, ms: number): void;
  openApi(): Promise<ApiAccess>;
}

export interface SyncOptions {
  /** Connect even when the session has not changed (the popup's Reconnect button). */
  force?: boolean;
  /** The seat to reconnect; by default the one this browser's session was last connected as. */
  seatId?: string;
}

export interface SyncResult {
  row: SeatRow;
  problem: Problem | null;
  /** Whether the service accepted a session just now (then the cached quota is stale). */
  connected: boolean;
}

export type SeatSync = ReturnType<typeof createSeatSync>;

export function createSeatSync(deps: SeatSyncDeps) {
  const { db, clock } = deps;
  // Serialises the work of one worker's life, so a timer and an alarm never connect twice at once.
  const exclusive = oneAtATime();

  const save = async (change: (row: SeatRow) => Partial<SeatRow>): Promise<SeatRow> => {
    const row = await updateSeat(db, clock.now(), change);
    await deps.showSeat(row);
    return row;
  };

  async function deferSync(at: number): Promise<void> {
    await updateSeat(db, clock.now(), () => ({ syncDueAt: at }));
    await deps.alarms.schedule(SEAT_SYNC_ALARM, at);
    deps.defer(() => void runDue(), Math.max(0, at - clock.now()) + TIMER_SLACK_MS);
  }

  async function onCookieChanged(change: CookieChange): Promise<void> {
    const meaning = classifyCookieChange(change);
    if (meaning === 'ignore') return;
    if (meaning === 'logged-out') {
      await exclusive(async () => {
        await deps.alarms.clear(SEAT_SYNC_ALARM);
        await save(() => ({ status: 'logged-out', sessionHash: null, syncDueAt: null, problem: null }));
      });
      return;
    }
    // Each change pushes the deadline back: the connect waits until the cookies settle.
    await deferSync(clock.now() + DEBOUNCE_MS);
  }

  /** The timer's and the alarm's entry: connects if the deadline has passed and nothing pushed it. */
  function runDue(): Promise<SyncResult | null> {
    return exclusive(async () => {
      const row = await readSeat(db, clock.now());
      if (row.syncDueAt === null || clock.now() < row.syncDueAt) return null;
      await deps.alarms.clear(SEAT_SYNC_ALARM);
      await updateSeat(db, clock.now(), () => ({ syncDueAt: null }));
      return syncNow({});
    });
  }

  async function syncNow(options: SyncOptions): Promise<SyncResult> {
    const row = await readSeat(db, clock.now());
    const session = await readSession(deps.cookies, deps.userAgent);
    if (!session) {
      const status = row.status === 'needs-reconnect' || row.status === 'not-connected' ? row.status : 'logged-out';
      const saved = await save(() => ({ status, sessionHash: null, problem: null }));
      const noSession = options.force ? notLoggedIn() : null;
      return { row: saved, problem: noSession, connected: false };
    }
    const hash = await hashSession(session);
    const settled = row.status === 'connected' || row.status === 'needs-reconnect';
    if (!options.force && settled && hash === row.sessionHash) return { row, problem: null, connected: false };

    const api = await deps.openApi();
    if (!api.ok) {
      // No key yet is the normal first state; a revoked host permission is something to fix.
      const status = api.problem.kind === 'not_configured' ? 'not-connected' : 'failed';
      const saved = await save(() => ({ status, problem: api.problem }));
      return { row: saved, problem: api.problem, connected: false };
    }
    const target = options.seatId ?? row.seatId ?? undefined;
    let result = await api.client.connectSeat({ ...session, ...(target ? { seat_id: target } : {}) });
    if (!result.ok && target && result.failure.kind === 'http' && result.failure.error?.type === 'NotFound') {
      // The remembered seat was disconnected on the service: connect the session as a seat anew.
      result = await api.client.connectSeat(session);
    }
    const outcome: ConnectOutcome = result.ok
      ? connectOutcome.connected(result.data.seat, hash)
      : connectOutcome.failed(describeFailure(result.failure, api.client.baseUrl), row.failures + 1);
    const saved = await save(() => outcome.change);
    if (outcome.retry) await deferSync(clock.now() + retryDelayMs(saved.failures));
    return { row: saved, problem: outcome.problem, connected: result.ok };
  }

  return {
    onCookieChanged,
    runDue,
    /** Connects now if the session changed (or always, with `force`). */
    sync: (options: SyncOptions = {}) => exclusive(() => syncNow(options)),
    /** Takes the service's word on the seat's state from a fresh quota. */
    reconcile: (quota: QuotaInfo) => exclusive(() => save((row) => reconcileWithQuota(row, quota))),
    /** At browser start or install: restore the badge, re-arm a pending deadline, catch up on changes. */
    resume: async (): Promise<void> => {
      const row = await readSeat(db, clock.now());
      await deps.showSeat(row);
      if (row.syncDueAt !== null && row.syncDueAt > clock.now()) {
        deps.defer(() => void runDue(), row.syncDueAt - clock.now() + TIMER_SLACK_MS);
        return;
      }
      if (row.syncDueAt !== null) await runDue();
      else await exclusive(() => syncNow({}));
    },
  };
}

export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function notLoggedIn(): Problem {
  return problem(
    'no_session',
    'This browser is not logged in to Sales Navigator.',
    'Log in at linkedin.com/sales in this browser, then press Reconnect.',
  );
}
