/**
 * What the extraction endpoints answer: list items, the 202 in-progress shape, and the finished
 * detail (also the webhook body), written as JSON text around the records' stored JSON so that a
 * 2,500-record detail is never parsed and serialised again. CSV in the records' column order.
 */
import type { Kysely } from 'kysely';
import type {
  ExtractionDetailOut,
  ExtractionInProgressOut,
  ExtractionListItemOut,
} from '../../../lib/contract/extractions.ts';
import { formatExtractionTime } from '../../../lib/contract/time.ts';
import { csvRow } from '../../../lib/csv/write.ts';
import type { CellValue } from '../../../lib/records/column.ts';
import { columnNames, recordRow } from '../../../lib/records/records.ts';
import { type ExtractionRow, extractionById, itemCounts, recordTexts } from '../store/extractions-repo.ts';
import type { DB } from '../store/schema.ts';

/** The UTF-8 byte order mark the extension's CSV files start with too. */
const BOM = '\uFEFF';

const time = (ms: number) => formatExtractionTime(new Date(ms));

export const isRunning = (row: ExtractionRow) =>
  row.status === 'ACCEPTED' || row.status === 'SCHEDULED' || row.status === 'EXECUTING';

export function listItemView(row: ExtractionRow): ExtractionListItemOut {
  return {
    search_id: row.id,
    search_name: row.name,
    status: row.status,
    extraction_type: row.type,
    total_prospects: row.total_prospects,
    search_date_created: time(row.created_at),
  };
}

export function inProgressView(row: ExtractionRow): ExtractionInProgressOut {
  return {
    search_id: row.id,
    search_name: row.name,
    status: row.status as ExtractionInProgressOut['status'],
    progress: row.progress,
    extraction_type: row.type,
    created_at: time(row.created_at),
    total_prospects: row.total_prospects,
  };
}

/** Records per read while writing a detail: the body goes out in pieces of this many. */
const CHUNK = 500;

/**
 * The finished detail as JSON text in pieces: `start` and `limit` page the records (limit null:
 * every record from start).
 */
export async function* detailChunks(
  db: Kysely<DB>,
  row: ExtractionRow,
  start: number,
  limit: number | null,
): AsyncGenerator<string> {
  const { records: total } = await itemCounts(db, row.id);
  const returned = Math.max(0, Math.min(limit ?? Number.POSITIVE_INFINITY, total - start));
  const head: Omit<
    ExtractionDetailOut,
    'prospects' | 'start' | 'limit' | 'returned_count' | 'total_count' | 'has_more'
  > = {
    search_id: row.id,
    search_name: row.name,
    status: row.status as ExtractionDetailOut['status'],
    extraction_type: row.type,
    total_prospects: row.total_prospects,
    progress: row.progress,
    created_at: time(row.created_at),
    completed_at: row.completed_at === null ? null : time(row.completed_at),
    failure_reason: row.failure_reason,
  };
  const headText = JSON.stringify(head);
  yield `${headText.slice(0, -1)},"prospects":[`;
  let sent = 0;
  while (sent < returned) {
    const texts = await recordTexts(db, row.id, start + sent, Math.min(CHUNK, returned - sent));
    if (texts.length === 0) break;
    yield (sent > 0 ? ',' : '') + texts.join(',');
    sent += texts.length;
  }
  const tail = { start, limit, returned_count: sent, total_count: total, has_more: start + sent < total };
  yield `],${JSON.stringify(tail).slice(1)}`;
}

/** The detail as one JSON text (a paused extraction's webhook body, fixed at the time it paused). */
export async function detailJson(db: Kysely<DB>, row: ExtractionRow): Promise<string> {
  let text = '';
  for await (const piece of detailChunks(db, row, 0, null)) text += piece;
  return text;
}

/**
 * Every record as CSV, header first, in column order (docs/columns.md): the file the extension
 * downloads (lib/export/csv-file.ts), byte for byte: a UTF-8 byte order mark so that spreadsheets
 * read accents, and cells a spreadsheet would run as a formula neutralised (a lead's headline is
 * text anyone can write).
 */
export async function* csvChunks(
  db: Kysely<DB>,
  row: ExtractionRow,
  start = 0,
  limit: number | null = null,
): AsyncGenerator<string> {
  const options = { guardFormulas: true };
  yield BOM + csvRow(columnNames(row.kind), options);
  // `start` and `limit` page the rows as they page the JSON detail's records.
  const end = limit === null ? Number.POSITIVE_INFINITY : start + limit;
  for (let at = start; at < end; at += CHUNK) {
    const texts = await recordTexts(db, row.id, at, Math.min(CHUNK, end - at));
    if (texts.length === 0) return;
    yield texts.map((t) => csvRow(recordRow(row.kind, JSON.parse(t) as Record<string, CellValue>), options)).join('');
  }
}

/** The webhook body of a finished or failed extraction, rendered at delivery (it no longer changes). */
export async function* extractionBodySource(db: Kysely<DB>, id: string): AsyncGenerator<string> {
  const row = await extractionById(db, id);
  if (!row) throw new Error(`no extraction ${id} to render a webhook body from`);
  yield* detailChunks(db, row, 0, null);
}
