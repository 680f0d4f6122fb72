/** The sandbox clock: one row, how far sandbox time is ahead of real time. */
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

const ROW = 'sandbox';

export async function sandboxOffset(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('sandbox_clock').select('offset_ms').where('id', '=', ROW).executeTakeFirst();
  return Number(row?.offset_ms ?? 0);
}

/** Adds to the offset in one statement, so two advances at once both count; returns the new offset. */
export async function advanceSandboxOffset(db: Kysely<DB>, ms: number): Promise<number> {
  await db
    .insertInto('sandbox_clock')
    .values({ id: ROW, offset_ms: ms })
    .onConflict((oc) => oc.column('id').doUpdateSet({ offset_ms: sql`sandbox_clock.offset_ms + ${ms}` }))
    .execute();
  return sandboxOffset(db);
}
