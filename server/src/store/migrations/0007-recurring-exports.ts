import { type Kysely, sql } from 'kysely';

/**
 * Recurring exports (schedules), the link from an extraction to the schedule that ran it, and the
 * sandbox clock.
 *
 * A schedule's `covered_until` is the point its runs have covered the search up to: the next run
 * takes the leads new since then. `search_key` names the search (a saved search, or a query) so
 * that an account never has two live schedules of one search: the partial unique index holds it
 * even when two requests race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recurring_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('mode', 'text', (c) => c.notNull()) // test | live: whose time and world it runs in
    .addColumn('seat_id', 'text', (c) => c.notNull().references('seats.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull()) // daily | weekly | monthly
    .addColumn('status', 'text', (c) => c.notNull()) // active | paused | stopped
    .addColumn('search_kind', 'text', (c) => c.notNull()) // LEAD | ACCOUNT
    .addColumn('saved_search_id', 'text', (c) => c.notNull())
    .addColumn('search_key', 'text', (c) => c.notNull())
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('template_extraction_id', 'text', (c) => c.notNull().references('extractions.id'))
    .addColumn('anchor_at', 'bigint', (c) => c.notNull()) // runs fall on anchor + k intervals
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    .addColumn('covered_until', 'bigint', (c) => c.notNull())
    .addColumn('last_skipped_at', 'bigint')
    .addColumn('last_skip_reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('stopped_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recurring_exports_search')
    .on('recurring_exports')
    .columns(['account_id', 'search_key'])
    .unique()
    .where(sql.ref('status'), '<>', 'stopped')
    .execute();
  await db.schema.createIndex('recurring_exports_due').on('recurring_exports').columns(['next_run_at']).execute();

  // A run is an extraction with its schedule and the window of time it covers.
  await db.schema.alterTable('extractions').addColumn('schedule_id', 'text').execute();
  await db.schema.alterTable('extractions').addColumn('window_from', 'bigint').execute();
  await db.schema.alterTable('extractions').addColumn('window_to', 'bigint').execute();
  await db.schema.createIndex('extractions_schedule').on('extractions').columns(['schedule_id', 'id']).execute();

  // One row: how far the sandbox world's time is ahead of real time.
  await db.schema
    .createTable('sandbox_clock')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('offset_ms', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_clock').execute();
  await db.schema.dropIndex('extractions_schedule').execute();
  for (const c of ['window_to', 'window_from', 'schedule_id']) {
    await db.schema.alterTable('extractions').dropColumn(c).execute();
  }
  await db.schema.dropTable('recurring_exports').execute();
}
