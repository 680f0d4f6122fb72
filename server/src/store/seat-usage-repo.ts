import type { Kysely } from 'kysely';
import type { DB, SeatUsageTable } from './schema.ts';

/** Records profiles extracted on a seat; a second call with the same key changes nothing. */
export const recordUsage = (db: Kysely<DB>, row: SeatUsageTable) =>
  db
    .insertInto('seat_usage')
    .values(row)
    .onConflict((oc) => oc.columns(['seat_id', 'idempotency_key']).doNothing())
    .execute();
