/**
 * The CSV file of an extraction, built from its cached records: the columns of docs/columns.md in
 * their order (`columnNames(kind)`, the service's CSV columns), lead or account as the records
 * are. For people opening it in a spreadsheet: a UTF-8 byte order mark (so Excel reads accents)
 * and formula-looking cells neutralised (lib/csv's guardFormulas). No DOM, no browser API.
 */
import type { ProspectRecord } from '../contract/extractions.ts';
import { csvDocument } from '../csv/write.ts';
import type { CellValue } from '../records/column.ts';
import {
  ACCOUNT_COLUMN_NAMES,
  columnNames,
  LEAD_COLUMN_NAMES,
  type RecordKind,
  recordRow,
} from '../records/records.ts';

const ACCOUNT_NAMES = new Set(ACCOUNT_COLUMN_NAMES);
const LEAD_NAMES = new Set(LEAD_COLUMN_NAMES);
/** Columns only one kind has: Full Name only on leads, Company Employee Count only on accounts, … */
const LEAD_ONLY = LEAD_COLUMN_NAMES.filter((name) => !ACCOUNT_NAMES.has(name));
const ACCOUNT_ONLY = ACCOUNT_COLUMN_NAMES.filter((name) => !LEAD_NAMES.has(name));

export const BOM = '\uFEFF';

/** Lead or account, from the records' own columns; `hint` (the page it came from) when they do not say. */
export function recordKindOf(prospects: readonly ProspectRecord[], hint: RecordKind | null): RecordKind {
  const first = prospects.find((p) => Object.keys(p).length > 0);
  if (first) {
    if (LEAD_ONLY.some((name) => name in first)) return 'lead';
    if (ACCOUNT_ONLY.some((name) => name in first)) return 'account';
  }
  return hint ?? 'lead';
}

export function extractionCsv(prospects: readonly ProspectRecord[], hint: RecordKind | null): string {
  const kind = recordKindOf(prospects, hint);
  const rows = prospects.map((p) => recordRow(kind, asCells(p)));
  return BOM + csvDocument(columnNames(kind), rows, { guardFormulas: true });
}

/** Records are JSON objects; a nested value (none in today's columns) is written as JSON text. */
function asCells(record: ProspectRecord): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const [name, value] of Object.entries(record)) {
    cells[name] = value === null || typeof value !== 'object' ? value : JSON.stringify(value);
  }
  return cells;
}

/** `leadforge-cxos-in-north-america-2026-01-15.csv`: the name made safe for every file system. */
export function csvFileName(name: string, createdAt: number): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const day = new Date(createdAt).toISOString().slice(0, 10);
  return `leadforge-${slug || 'extraction'}-${day}.csv`;
}
