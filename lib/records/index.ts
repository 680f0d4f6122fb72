/**
 * Lead and account records: their columns (docs/columns.md), the facts they are built from, and
 * the check of a record against its search's filters. No DOM, no Node: the service builds records,
 * the extension writes them to CSV.
 */
export { ACCOUNT_COLUMNS, type AccountInput } from './account-columns.ts';
export type { CellValue, Column } from './column.ts';
export type * from './facts.ts';
export { LEAD_COLUMNS, type LeadInput } from './lead-columns.ts';
export { type MatchResult, matchAccount, matchLead, NO_FILTERS } from './matching.ts';
export * from './records.ts';
