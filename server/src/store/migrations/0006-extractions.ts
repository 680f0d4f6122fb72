import type { Kysely } from 'kysely';

/**
 * Extractions, their items and their credit holds. An item is one lead or account of the
 * extraction, at its position in the search, list or submitted ids: first a stub (what paging or
 * the submission said of it), then its record once its profile was read. `(extraction_id,
 * entity_id)` is unique, so a page read again after a crash adds no duplicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('extractions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('mode', 'text', (c) => c.notNull()) // test | live
    .addColumn('seat_id', 'text', (c) => c.notNull().references('seats.id'))
    .addColumn('type', 'text', (c) => c.notNull()) // SEARCH | LIST | UPLOAD | SINGLE
    .addColumn('kind', 'text', (c) => c.notNull()) // lead | account
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // ACCEPTED | SCHEDULED | EXECUTING | EXECUTED | PAUSED | FAILED
    .addColumn('failure_reason', 'text', (c) => c.notNull()) // '' or the spec's reasons
    .addColumn('failure_detail', 'text') // the cause in words, for logs and the CLI
    .addColumn('source_url', 'text')
    .addColumn('target', 'text', (c) => c.notNull()) // the parsed SalesNavTarget, JSON
    .addColumn('enrich_email', 'text', (c) => c.notNull()) // none | matching | all
    .addColumn('webhook_url', 'text')
    .addColumn('total_prospects', 'integer', (c) => c.notNull()) // the tool's estimate
    .addColumn('reachable', 'integer') // what paging can reach: min(total, 2500); null until known
    .addColumn('progress', 'integer', (c) => c.notNull())
    .addColumn('record_count', 'integer', (c) => c.notNull())
    .addColumn('paused_count', 'integer', (c) => c.notNull()) // times paused for credits
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('extractions_account')
    .on('extractions')
    .columns(['account_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('extraction_items')
    .addColumn('extraction_id', 'text', (c) => c.notNull().references('extractions.id'))
    .addColumn('position', 'integer', (c) => c.notNull()) // 0-based place in the search, list or submission
    .addColumn('entity_id', 'text', (c) => c.notNull()) // lead profile id or sales company id
    .addColumn('stub', 'text', (c) => c.notNull()) // JSON: the hit or row, or {id, authType, authToken}
    .addColumn('record', 'text') // JSON: the record, once built
    .addColumn('enrich_person', 'text') // JSON: whose email to find, while it is still to be found
    .addPrimaryKeyConstraint('extraction_items_pk', ['extraction_id', 'position'])
    .addUniqueConstraint('extraction_items_entity', ['extraction_id', 'entity_id'])
    .execute();

  await db.schema
    .createTable('extraction_holds')
    .addColumn('extraction_id', 'text', (c) => c.notNull().references('extractions.id'))
    .addColumn('hold_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('committed', 'integer', (c) => c.notNull()) // 0 | 1
    .addPrimaryKeyConstraint('extraction_holds_pk', ['extraction_id', 'hold_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['extraction_holds', 'extraction_items', 'extractions']) await db.schema.dropTable(t).execute();
}
