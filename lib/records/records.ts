/**
 * Records: a lead or an account as the API returns it, a JSON object from column names to values
 * (api.md "Prospect record"), in the column order of docs/columns.md. Built from facts, the
 * filter check and the extraction's context; shared by the service and the extension's CSV.
 */
import type { SearchQuery } from '../salesnav/filters.ts';
import { ACCOUNT_COLUMNS } from './account-columns.ts';
import type { CellValue, Column } from './column.ts';
import type { AccountFacts, LeadFacts, RecordContext } from './facts.ts';
import { LEAD_COLUMNS } from './lead-columns.ts';
import { type MatchResult, matchAccount, matchLead, NO_FILTERS } from './matching.ts';

export type LeadRecord = Record<string, CellValue>;
export type AccountRecord = Record<string, CellValue>;
export type RecordKind = 'lead' | 'account';

export const LEAD_COLUMN_NAMES: readonly string[] = LEAD_COLUMNS.map((c) => c.name);
export const ACCOUNT_COLUMN_NAMES: readonly string[] = ACCOUNT_COLUMNS.map((c) => c.name);

/** The header of a CSV of this kind of record. */
export const columnNames = (kind: RecordKind): readonly string[] =>
  kind === 'lead' ? LEAD_COLUMN_NAMES : ACCOUNT_COLUMN_NAMES;

/**
 * A lead record. `filters` is the search's query when the lead came from a search (its filters are
 * checked); absent for lists and single profiles, which then match with no issues.
 */
export function leadRecord(
  facts: LeadFacts,
  opts: { filters?: SearchQuery; context?: RecordContext; now?: number } = {},
): LeadRecord {
  const match: MatchResult = opts.filters ? matchLead(facts, opts.filters, opts.now) : NO_FILTERS;
  return build(LEAD_COLUMNS, { facts, match, context: opts.context ?? {} });
}

export function accountRecord(
  facts: AccountFacts,
  opts: { filters?: SearchQuery; context?: RecordContext } = {},
): AccountRecord {
  const match: MatchResult = opts.filters ? matchAccount(facts, opts.filters) : NO_FILTERS;
  return build(ACCOUNT_COLUMNS, { facts, match, context: opts.context ?? {} });
}

function build<T>(columns: readonly Column<T>[], input: T): Record<string, CellValue> {
  const record: Record<string, CellValue> = {};
  for (const column of columns) record[column.name] = column.value(input);
  return record;
}

/** A record's cells in column order, for a CSV row (lib/csv/write.ts). */
export function recordRow(kind: RecordKind, record: Record<string, CellValue>): CellValue[] {
  return columnNames(kind).map((name) => record[name] ?? null);
}
