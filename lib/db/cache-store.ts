/** The quota cache and this browser's seat row. */
import type { QuotaInfo } from '../contract/quota.ts';
import type { QuotaCache } from '../state/snapshot.ts';
import type { LeadforgeDb } from './database.ts';
import { emptySeatRow, QuotaRowSchema, type SeatRow, SeatRowSchema } from './rows.ts';

export async function readQuota(db: LeadforgeDb): Promise<QuotaCache | null> {
  const parsed = QuotaRowSchema.safeParse(await db.quota.get('latest'));
  return parsed.success ? { info: parsed.data.info, fetchedAt: parsed.data.fetchedAt } : null;
}

export async function writeQuota(db: LeadforgeDb, info: QuotaInfo, now: number): Promise<void> {
  await db.quota.put({ id: 'latest', info, fetchedAt: now });
}

export async function readSeat(db: LeadforgeDb, now: number): Promise<SeatRow> {
  const parsed = SeatRowSchema.safeParse(await db.seat.get('browser'));
  return parsed.success ? parsed.data : emptySeatRow(now);
}

/** Applies `change` to the seat row inside one transaction, so two events never lose each other's update. */
export async function updateSeat(
  db: LeadforgeDb,
  now: number,
  change: (row: SeatRow) => Partial<Omit<SeatRow, 'id'>>,
): Promise<SeatRow> {
  return db.transaction('rw', db.seat, async () => {
    const row = await readSeat(db, now);
    const next: SeatRow = { ...row, ...change(row), id: 'browser', updatedAt: now };
    await db.seat.put(next);
    return next;
  });
}
