/**
 * URLs built from targets: one canonical URL per target, so two spellings of the same search (hash
 * or query form, www. or country host, single- or double-encoded text, with or without session
 * cruft) store, compare and replay as one. The canonical form is the address bar's: `query=` holds
 * the Rest.li text encoded once more, parens literal (§4.1 "Encoding", the §1.3 example).
 */
import type { SearchKind, SearchQuery } from './filters.ts';
import { parseSalesNavUrl } from './parse-url.ts';
import { serialiseSearchQuery } from './search-query.ts';
import type { SalesNavTarget, SalesNavUrlResult } from './target.ts';

export const SALES_NAV_ORIGIN = 'https://www.linkedin.com';

const SEARCH_PATH: Record<SearchKind, string> = { LEAD: '/sales/search/people', ACCOUNT: '/sales/search/company' };

/** A people (LEAD) or company (ACCOUNT) search URL for a query: what the search builder returns. */
export function buildSearchUrl(kind: SearchKind, query: SearchQuery): string {
  return `${SALES_NAV_ORIGIN}${SEARCH_PATH[kind]}?query=${encodeURIComponent(serialiseSearchQuery(query))}`;
}

/** The canonical URL of a target. */
export function buildSalesNavUrl(target: SalesNavTarget): string {
  switch (target.kind) {
    case 'people-search':
      return buildSearchUrl('LEAD', target.query);
    case 'company-search':
      return buildSearchUrl('ACCOUNT', target.query);
    case 'saved-search':
      return withParams(SEARCH_PATH[target.search], [
        ['savedSearchId', target.savedSearchId],
        ['lastViewedAt', target.lastViewedAt],
      ]);
    case 'recent-search':
      return withParams(SEARCH_PATH[target.search], [
        ['recentSearchId', target.recentSearchId],
        ['lastViewedAt', target.lastViewedAt],
      ]);
    case 'lead-list':
    case 'account-list': {
      const section = target.kind === 'lead-list' ? 'people' : 'company';
      return withParams(`/sales/lists/${section}/${target.listId}`, [
        ['sortCriteria', target.sortCriteria],
        ['sortOrder', target.sortOrder],
      ]);
    }
    case 'lead': {
      // Commas stay raw, as in every lead URL LinkedIn shows (§1.6).
      const auth = target.authType === undefined ? [] : [target.authType, target.authToken ?? ''];
      return `${SALES_NAV_ORIGIN}/sales/lead/${[target.leadId, ...auth].join(',')}`;
    }
    case 'account':
      return `${SALES_NAV_ORIGIN}/sales/company/${target.accountId}`;
  }
}

/** Parses and rebuilds: the canonical URL of any accepted form, or the refusal. */
export function normaliseSalesNavUrl(
  input: string,
): { ok: true; url: string; target: SalesNavTarget } | Extract<SalesNavUrlResult, { ok: false }> {
  const parsed = parseSalesNavUrl(input);
  return parsed.ok ? { ok: true, url: buildSalesNavUrl(parsed.value), target: parsed.value } : parsed;
}

function withParams(path: string, params: [string, string | undefined][]): string {
  const present = params.filter((pair): pair is [string, string] => pair[1] !== undefined);
  const search = new URLSearchParams(present).toString();
  return `${SALES_NAV_ORIGIN}${path}${search === '' ? '' : `?${search}`}`;
}
