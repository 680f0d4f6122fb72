/** The popup's view of the database: everything but the key, so the popup can open before the background wakes. */
import type { Snapshot } from '../state/snapshot.ts';
import { readQuota, readSeat } from './cache-store.ts';
import type { LeadforgeDb } from './database.ts';
import { readSettings } from './settings-store.ts';

export async function readSnapshot(db: LeadforgeDb, now: number = Date.now()): Promise<Snapshot> {
  const [settings, quota, seat] = await Promise.all([readSettings(db), readQuota(db), readSeat(db, now)]);
  return {
    settings: settings && { baseUrl: settings.baseUrl, keyHint: settings.keyHint },
    quota,
    seat: { status: seat.status, seatId: seat.seatId, problem: seat.problem },
  };
}
