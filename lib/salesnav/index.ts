/**
 * Sales Navigator URLs, shared by the content script and the service: page kinds, parsing and
 * validation, the filter model, building URLs. No DOM, no Node.
 */
export { buildSalesNavUrl, buildSearchUrl, normaliseSalesNavUrl, SALES_NAV_ORIGIN } from './build-url.ts';
export * from './filters.ts';
export { PAGE_KINDS, type PageKind, pageKind } from './page-kind.ts';
export { parseSalesNavUrl } from './parse-url.ts';
export { parseRestli, type RestliRecord, type RestliValue, serialiseRestli } from './restli.ts';
export { isLinkedInHost, MAX_SALES_URL_LENGTH } from './sales-path.ts';
export { parseSearchQuery, type QueryResult, serialiseSearchQuery, withoutSessionState } from './search-query.ts';
export * from './target.ts';
