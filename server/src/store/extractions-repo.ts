/** Extractions, their items (stub, then record) and their credit holds. */
import { type Kysely, sql } from 'kysely';
import type { DB, ExtractionHoldsTable, ExtractionItemsTable, ExtractionStatus, ExtractionsTable } from './schema.ts';

export type ExtractionRow = ExtractionsTable;
export type ExtractionPatch = Partial<Omit<ExtractionRow, 'id' | 'account_id' | 'mode' | 'created_at'>>;

export const insertExtraction = (db: Kysely<DB>, row: ExtractionRow) =>
  db.insertInto('extractions').values(row).execute();

export const extractionById = (db: Kysely<DB>, id: string) =>
  db.selectFrom('extractions').selectAll().where('id', '=', id).executeTakeFirst();

/** Another account's extraction is not found, as a missing one. */
export const extractionOf = (db: Kysely<DB>, accountId: string, id: string) =>
  db.selectFrom('extractions').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();

export const updateExtraction = (db: Kysely<DB>, id: string, patch: ExtractionPatch) =>
  db.updateTable('extractions').set(patch).where('id', '=', id).execute();

/** Newest first (ids are UUIDv7, so the id breaks ties in creation order). */
export function listExtractions(
  db: Kysely<DB>,
  accountId: string,
  opts: { start: number; limit: number; status?: ExtractionStatus },
) {
  let q = db.selectFrom('extractions').selectAll().where('account_id', '=', accountId);
  if (opts.status) q = q.where('status', '=', opts.status);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.start).execute();
}

/** Adds items; one already there (same position, or the same lead or account) is left as it is. */
export async function insertItems(db: Kysely<DB>, rows: ExtractionItemsTable[]): Promise<void> {
  // 200 rows × 5 columns stays far below SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('extraction_items')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** Items whose record is still to be built, in order. */
export const pendingItems = (db: Kysely<DB>, extractionId: string, limit: number) =>
  db
    .selectFrom('extraction_items')
    .select(['position', 'entity_id', 'stub'])
    .where('extraction_id', '=', extractionId)
    .where('record', 'is', null)
    .orderBy('position')
    .limit(limit)
    .execute();

export async function itemCounts(db: Kysely<DB>, extractionId: string): Promise<{ items: number; records: number }> {
  const row = await db
    .selectFrom('extraction_items')
    .select([sql<number>`count(*)`.as('items'), sql<number>`count(${sql.ref('record')})`.as('records')])
    .where('extraction_id', '=', extractionId)
    .executeTakeFirstOrThrow();
  return { items: Number(row.items), records: Number(row.records) };
}

/** Stores built records; `enrich_person` is set for a lead whose email is still to be found, and cleared once it is. */
export async function saveRecords(
  db: Kysely<DB>,
  extractionId: string,
  records: { position: number; record: string; enrich_person: string | null }[],
): Promise<void> {
  for (const r of records) {
    await db
      .updateTable('extraction_items')
      .set({ record: r.record, enrich_person: r.enrich_person })
      .where('extraction_id', '=', extractionId)
      .where('position', '=', r.position)
      .execute();
  }
}

/** Records whose lead's email is still to be found, in order. */
export const itemsToEnrich = (db: Kysely<DB>, extractionId: string) =>
  db
    .selectFrom('extraction_items')
    .select(['position', 'record', 'enrich_person'])
    .where('extraction_id', '=', extractionId)
    .where('enrich_person', 'is not', null)
    .orderBy('position')
    .execute();

export async function enrichCounts(db: Kysely<DB>, extractionId: string): Promise<number> {
  const row = await db
    .selectFrom('extraction_items')
    .select(sql<number>`count(*)`.as('n'))
    .where('extraction_id', '=', extractionId)
    .where('enrich_person', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Items that will get no record (the run ended without them): removed, so counts stay true. */
export const dropPendingItems = (db: Kysely<DB>, extractionId: string) =>
  db.deleteFrom('extraction_items').where('extraction_id', '=', extractionId).where('record', 'is', null).execute();

/** Items that will get no record (a submitted profile the tool would not give): removed, so counts stay true. */
export async function dropItems(db: Kysely<DB>, extractionId: string, positions: number[]): Promise<void> {
  if (positions.length === 0) return;
  await db
    .deleteFrom('extraction_items')
    .where('extraction_id', '=', extractionId)
    .where('position', 'in', positions)
    .execute();
}

/** The records' JSON texts, in order: [start, start + limit), or all from start when limit is null. */
export function recordTexts(db: Kysely<DB>, extractionId: string, start: number, limit: number | null) {
  let q = db
    .selectFrom('extraction_items')
    .select('record')
    .where('extraction_id', '=', extractionId)
    .where('record', 'is not', null)
    .orderBy('position')
    .offset(start);
  q = limit === null ? q.limit(Number.MAX_SAFE_INTEGER) : q.limit(limit);
  return q.execute().then((rows) => rows.map((r) => r.record as string));
}

export const insertHold = (db: Kysely<DB>, row: ExtractionHoldsTable) =>
  db
    .insertInto('extraction_holds')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();

export const openHolds = (db: Kysely<DB>, extractionId: string) =>
  db
    .selectFrom('extraction_holds')
    .selectAll()
    .where('extraction_id', '=', extractionId)
    .where('committed', '=', 0)
    .execute();

export const markHoldCommitted = (db: Kysely<DB>, extractionId: string, holdId: string) =>
  db
    .updateTable('extraction_holds')
    .set({ committed: 1 })
    .where('extraction_id', '=', extractionId)
    .where('hold_id', '=', holdId)
    .execute();

/**
 * Of some leads or accounts, those a schedule's other runs have delivered (a record was made), so
 * that a run reading a window again (after a failed run gave it back) delivers none twice.
 */
export async function deliveredByOtherRuns(
  db: Kysely<DB>,
  scheduleId: string,
  extractionId: string,
  entityIds: string[],
): Promise<Set<string>> {
  if (entityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('extraction_items as i')
    .innerJoin('extractions as e', 'e.id', 'i.extraction_id')
    .select('i.entity_id')
    .where('e.schedule_id', '=', scheduleId)
    .where('e.id', '<>', extractionId)
    .where('i.record', 'is not', null)
    .where('i.entity_id', 'in', entityIds)
    .execute();
  return new Set(rows.map((r) => r.entity_id));
}
