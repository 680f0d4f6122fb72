/**
 * What a Sales Navigator URL (or bare id) points at, once parsed: the one value the content script,
 * the service and the recurring scheduler pass around instead of the URL string. UI cruft
 * (`sessionId`, `viewAllFilters`, `page`, `_ntb`) is not part of it: §1.2 and §1.8 step 4 say to
 * drop it when replaying, and `sessionId` "will cause 400 errors when replayed" (SNAPI).
 */
import type { SearchKind, SearchQuery } from './filters.ts';
import type { PageKind } from './page-kind.ts';

export type SalesNavTarget =
  | { kind: 'people-search'; query: SearchQuery }
  | { kind: 'company-search'; query: SearchQuery }
  /** `?savedSearchId=` (§1.4). `lastViewedAt` (epoch ms) limits a run to hits new since then (FIRST). */
  | { kind: 'saved-search'; search: SearchKind; savedSearchId: string; lastViewedAt?: string }
  | { kind: 'recent-search'; search: SearchKind; recentSearchId: string; lastViewedAt?: string }
  /** List sort order is kept: it decides which rows an extraction capped below the list size takes. */
  | { kind: 'lead-list'; listId: string; sortCriteria?: string; sortOrder?: string }
  | { kind: 'account-list'; listId: string; sortCriteria?: string; sortOrder?: string }
  | { kind: 'lead'; leadId: string; authType?: string; authToken?: string }
  | { kind: 'account'; accountId: string };

export type SalesNavTargetKind = SalesNavTarget['kind'];

/** Why a URL was refused: `rule` is stable for code, `reason` a sentence for the 422's message. */
export type SalesNavUrlRule =
  | 'empty'
  | 'too-long'
  | 'not-a-url'
  | 'not-https'
  | 'not-linkedin-host'
  | 'userinfo'
  | 'public-profile'
  | 'sign-in-page'
  | 'not-sales-path'
  | 'bad-path'
  | 'unsupported-page'
  | 'bad-id'
  | 'bad-parameter'
  | 'legacy-search'
  | 'malformed-query'
  | 'unknown-filter-type';

export type SalesNavUrlResult =
  | { ok: true; value: SalesNavTarget }
  | { ok: false; reason: string; rule: SalesNavUrlRule };

/** The page the content script would see for a target (saved and recent searches are search pages). */
export function targetPageKind(target: SalesNavTarget): Exclude<PageKind, 'unknown'> {
  if (target.kind === 'saved-search' || target.kind === 'recent-search') {
    return target.search === 'LEAD' ? 'people-search' : 'company-search';
  }
  return target.kind;
}

/** The search kind of a search target, undefined for lists and single pages. */
export function targetSearchKind(target: SalesNavTarget): SearchKind | undefined {
  if (target.kind === 'people-search') return 'LEAD';
  if (target.kind === 'company-search') return 'ACCOUNT';
  if (target.kind === 'saved-search' || target.kind === 'recent-search') return target.search;
  return undefined;
}
