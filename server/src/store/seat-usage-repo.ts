import type { Kysely } from 'kysely';
import { reusableQuery } from './reusable-query.ts';
import type { DB, SeatUsageTable } from './schema.ts';

/** Records profiles extracted on a seat; a second call with the same key changes nothing. */
export const recordUsage = (db: Kysely<DB>, row: SeatUsageTable) =>
  db
    .insertInto('seat_usage')
    .values(row)
    .onConflict((oc) => oc.columns(['seat_id', 'idempotency_key']).doNothing())
    .execute();

/** Profiles extracted per seat since `since` (epoch ms), for the given seats. */
export async function usageSince(db: Kysely<DB>, seatIds: string[], since: number): Promise<Map<string, number>> {
  const used = new Map<string, number>();
  if (seatIds.length === 0) return used;
  const rows = await db
    .selectFrom('seat_usage')
    .select(['seat_id', (eb) => eb.fn.sum<number>('count').as('used')])
    .where('seat_id', 'in', seatIds)
    .where('created_at', '>', since)
    .groupBy('seat_id')
    .execute();
  for (const r of rows) used.set(r.seat_id, Number(r.used));
  return used;
}

const seatsWithUsage = reusableQuery((db, accountId: string, since: number) =>
  db
    .selectFrom('seats')
    .leftJoin('seat_usage', (j) =>
      j.onRef('seat_usage.seat_id', '=', 'seats.id').on('seat_usage.created_at', '>', since),
    )
    .selectAll('seats')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seat_usage.count'), eb.lit(0)).as('used'))
    .where('seats.account_id', '=', accountId)
    .where('seats.status', '!=', 'disconnected')
    .groupBy('seats.id')
    .orderBy('seats.connected_at')
    .orderBy('seats.id'),
);

/** The account's connected seats, each with the profiles it extracted since `since`: one query. */
export async function connectedSeatsWithUsage(db: Kysely<DB>, accountId: string, since: number) {
  return (await seatsWithUsage(db, accountId, since)).map((r) => ({ ...r, used: Number(r.used) }));
}
