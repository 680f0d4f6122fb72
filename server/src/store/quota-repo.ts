import { type Kysely, sql } from 'kysely';
import { reusableQuery } from './reusable-query.ts';
import type { DB } from './schema.ts';

const SEAT_SUMMARY_COLUMNS = [
  'seats.id',
  'seats.account_id',
  'seats.status',
  'seats.label',
  'seats.member_id',
  'seats.daily_limit',
  'seats.invalid_reason',
  'seats.connected_at',
  'seats.updated_at',
] as const;

/**
 * Everything GET /v1/quota/ shows, in one round trip: the account's connected seats, each with its
 * usage since `since`, and on every row the account's available credits. (An account without seats
 * gets no row; the caller then reads the balance on its own.)
 */
const quotaRows = reusableQuery((db, accountId: string, since: number) =>
  db
    .selectFrom('seats')
    // Only what the quota and seat views show: never the sealed session (it is large, and not needed).
    .select([...SEAT_SUMMARY_COLUMNS])
    .select((eb) => [
      eb
        .selectFrom('seat_usage')
        .select((sub) => sub.fn.coalesce(sub.fn.sum<number>('seat_usage.count'), sub.lit(0)).as('u'))
        .whereRef('seat_usage.seat_id', '=', 'seats.id')
        .where('seat_usage.created_at', '>', since)
        .as('used'),
      eb
        .selectFrom('credit_entries')
        .select('credit_entries.available_after')
        .where('credit_entries.account_id', '=', accountId)
        .orderBy('credit_entries.seq', 'desc')
        .limit(sql.lit(1))
        .as('credits'),
    ])
    .where('seats.account_id', '=', accountId)
    .where('seats.status', '!=', 'disconnected')
    .orderBy('seats.connected_at')
    .orderBy('seats.id'),
);

export async function seatsWithUsageAndCredits(db: Kysely<DB>, accountId: string, since: number) {
  return (await quotaRows(db, accountId, since)).map((r) => ({
    ...r,
    used: Number(r.used ?? 0),
    credits: Number(r.credits ?? 0),
  }));
}

export type SeatSummary = Omit<Awaited<ReturnType<typeof seatsWithUsageAndCredits>>[number], 'used' | 'credits'>;
