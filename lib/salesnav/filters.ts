/**
 * The filter model of a Sales Navigator search: what the Rest.li `query=` of a people (LEAD) or
 * company (ACCOUNT) search says, typed. Grammar and catalogue: salestool-protocol.md §4.1–4.3.
 * Reading and writing the Rest.li form is search-query.ts.
 */
import type { RestliRecord } from './restli.ts';

/** LEAD is a people search, ACCOUNT a company search: the contract's `search_type`. */
export type SearchKind = 'LEAD' | 'ACCOUNT';
export type SelectionType = 'INCLUDED' | 'EXCLUDED';

export interface SearchQuery {
  /** Free text; may hold Boolean syntax (`"a" OR "b"`), which LinkedIn interprets, not us. */
  keywords?: string;
  spellCorrectionEnabled?: boolean;
  /** Recent-search bookkeeping the UI adds (§1.2: "session cruft; safe to drop"); kept for fidelity. */
  recentSearchParam?: { id?: string; doLogHistory?: boolean };
  filters: SearchFilter[];
  /** Top-level fields this model does not know, kept verbatim so a replay loses nothing. */
  extra?: RestliRecord;
}

/** One filter: a multi-select (`values`) or a range (`rangeValue`), per §4.1. */
export interface SearchFilter {
  type: string;
  values?: FilterValue[];
  /** ANNUAL_REVENUE in millions; headcount growth in %. Numbers like 0.5 occur (§4.4). */
  rangeValue?: { min?: number; max?: number };
  /** Currency for ANNUAL_REVENUE, department (FUNCTION) id for DEPARTMENT_HEADCOUNT(_GROWTH). */
  selectedSubFilter?: string;
  /** POSTAL_CODE's `(radius:25)`; shape seen once (idx:56181301633), so kept untyped. */
  subFilter?: RestliRecord;
  extra?: RestliRecord;
}

/** A selected value: `id` and `text` may each be omitted, never both (§4.1 "Encoding"). */
export interface FilterValue {
  id?: string;
  /** In the viewer's UI language; only `id` is semantic when both are present (§1.3, inference). */
  text?: string;
  selectionType: SelectionType;
  /** `parent:(id:0)` on CURRENT_COMPANY values (idx:56819465941); meaning unknown, kept verbatim. */
  parent?: RestliRecord;
  extra?: RestliRecord;
}

/** The 35 rows of the captured people filter layout (CATALOG, §4.2). */
const LEAD_LAYOUT = [
  'CURRENT_COMPANY',
  'COMPANY_HEADCOUNT',
  'PAST_COMPANY',
  'COMPANY_TYPE',
  'COMPANY_HEADQUARTERS',
  'FUNCTION',
  'CURRENT_TITLE',
  'SENIORITY_LEVEL',
  'PAST_TITLE',
  'YEARS_AT_CURRENT_COMPANY',
  'YEARS_IN_CURRENT_POSITION',
  'GEOGRAPHY',
  'REGION',
  'POSTAL_CODE',
  'INDUSTRY',
  'FIRST_NAME',
  'LAST_NAME',
  'PROFILE_LANGUAGE',
  'YEARS_OF_EXPERIENCE',
  'GROUP',
  'SCHOOL',
  'FOLLOWS_YOUR_COMPANY',
  'VIEWED_YOUR_PROFILE',
  'RELATIONSHIP',
  'CONNECTION_OF',
  'PAST_COLLEAGUE',
  'WITH_SHARED_EXPERIENCES',
  'RECENTLY_CHANGED_JOBS',
  'POSTED_ON_LINKEDIN',
  'PERSONA',
  'ACCOUNT_LIST',
  'LEAD_LIST',
  'LEADS_IN_CRM',
  'LEAD_INTERACTIONS',
  'SAVED_LEADS_AND_ACCOUNTS',
] as const;

/** The 17 rows of the captured account filter layout (CATALOG, §4.3). */
const ACCOUNT_LAYOUT = [
  'ANNUAL_REVENUE',
  'COMPANY_HEADCOUNT',
  'COMPANY_HEADCOUNT_GROWTH',
  'HEADQUARTERS_LOCATION',
  'REGION',
  'POSTAL_CODE',
  'INDUSTRY',
  'NUM_OF_FOLLOWERS',
  'DEPARTMENT_HEADCOUNT',
  'DEPARTMENT_HEADCOUNT_GROWTH',
  'FORTUNE',
  'JOB_OPPORTUNITIES',
  'ACCOUNT_ACTIVITIES',
  'RELATIONSHIP',
  'ACCOUNTS_IN_CRM',
  'SAVED_ACCOUNTS',
  'ACCOUNT_LIST',
] as const;

/**
 * Types seen in working code but not in the captured layout (§4.2 "legacy/unverified"). Accepted
 * when reading a URL, because old saved URLs carry them; the search builder should not emit them.
 */
const LEAD_LEGACY = ['LEAD_HIGHLIGHTS', 'POSTED_CONTENT_KEYWORDS', 'TITLE', 'COMPANY_ID', 'KEYWORDS'] as const;
const ACCOUNT_LEGACY = ['TECHNOLOGIES_USED'] as const;

export type LeadFilterType = (typeof LEAD_LAYOUT)[number];
export type AccountFilterType = (typeof ACCOUNT_LAYOUT)[number];

export const FILTER_TYPES: Record<SearchKind, readonly string[]> = { LEAD: LEAD_LAYOUT, ACCOUNT: ACCOUNT_LAYOUT };
const READABLE: Record<SearchKind, ReadonlySet<string>> = {
  LEAD: new Set([...LEAD_LAYOUT, ...LEAD_LEGACY]),
  ACCOUNT: new Set([...ACCOUNT_LAYOUT, ...ACCOUNT_LEGACY]),
};

/** Filters whose values may be EXCLUDED in the people UI (CATALOG, §4.2); the rest include only. */
export const EXCLUDABLE_LEAD_FILTERS: ReadonlySet<string> = new Set([
  'CURRENT_COMPANY',
  'PAST_COMPANY',
  'COMPANY_HEADQUARTERS',
  'FUNCTION',
  'CURRENT_TITLE',
  'SENIORITY_LEVEL',
  'PAST_TITLE',
  'REGION',
  'INDUSTRY',
  'SCHOOL',
  'ACCOUNT_LIST',
  'LEAD_LIST',
  'LEADS_IN_CRM',
  'LEAD_INTERACTIONS',
  'SAVED_LEADS_AND_ACCOUNTS',
]);

/** Range filters take `rangeValue` instead of `values` (§4.3). */
export const RANGE_FILTERS: ReadonlySet<string> = new Set([
  'ANNUAL_REVENUE',
  'COMPANY_HEADCOUNT_GROWTH',
  'DEPARTMENT_HEADCOUNT',
  'DEPARTMENT_HEADCOUNT_GROWTH',
]);

/** Whether a URL of this kind may carry this filter type (layout or legacy). */
export function isKnownFilterType(kind: SearchKind, type: string): boolean {
  return READABLE[kind].has(type);
}
