/**
 * parseSalesNavUrl: every URL form (and bare id) the contract accepts, read into a SalesNavTarget,
 * or refused with a rule and a reason the service returns as a 422. Recipe: salestool-protocol.md
 * §1.8 — validate scheme and host, read the query string (or the fragment, for the older
 * `#query=` form), classify by path, drop UI cruft, decode `query` once and read it as Rest.li.
 */
import type { SearchKind } from './filters.ts';
import { ACCOUNT_ID, classifySalesPath, isLinkedInHost, MAX_SALES_URL_LENGTH, readLeadRef } from './sales-path.ts';
import { parseSearchQuery } from './search-query.ts';
import type { SalesNavTarget, SalesNavUrlResult, SalesNavUrlRule } from './target.ts';

const DIGITS = /^\d+$/;
const SORT_WORD = /^[A-Z_]+$/;
/** Pre-2020 search parameters (`titleIncluded=`, `geoIncluded=`, `companySize=`; §1.2). */
const LEGACY_PARAM = /(?:Included|Excluded)$|^companySize$/;
/** Sales URNs a caller may paste for one lead or account (§1.7). */
const LEAD_URN = /^urn:li:fs_salesProfile:\((.+)\)$/;
const ACCOUNT_URN = /^urn:li:fs_salesCompany:(\d+)$/;

const refuse = (rule: SalesNavUrlRule, reason: string): SalesNavUrlResult => ({ ok: false, rule, reason });
const accept = (value: SalesNavTarget): SalesNavUrlResult => ({ ok: true, value });

export function parseSalesNavUrl(input: string): SalesNavUrlResult {
  if (input.length > MAX_SALES_URL_LENGTH) {
    return refuse('too-long', `is longer than ${MAX_SALES_URL_LENGTH} characters`);
  }
  const text = input.trim();
  if (text === '') return refuse('empty', 'is empty');
  const bare = parseBareId(text);
  if (bare) return accept(bare);

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('not-a-url', 'must be a Sales Navigator URL starting https://www.linkedin.com/sales/, or a bare id');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('not-https', 'must be an https:// URL');
  if (!isLinkedInHost(url.hostname) || url.port !== '') {
    return refuse('not-linkedin-host', `${url.host} is not linkedin.com: only www.linkedin.com pages are accepted`);
  }
  // Before the scheme check: "use the Sales Navigator URL" helps more than "use https".
  if (/^\/(?:in|pub)\//.test(url.pathname)) {
    return refuse(
      'public-profile',
      'public /in/ profile URLs are not accepted: use the Sales Navigator URL (/sales/lead/<id>) or the bare sales-tool id',
    );
  }
  if (url.protocol !== 'https:') return refuse('not-https', 'must be an https:// URL, not http://');
  if (url.username !== '' || url.password !== '') return refuse('userinfo', 'must not carry a user name or password');
  if (/^\/(?:login|uas\/login|checkpoint|authwall)(?:\/|$)/.test(url.pathname)) {
    return refuse('sign-in-page', 'is a LinkedIn sign-in page: open the Sales Navigator page again once signed in');
  }

  const path = classifySalesPath(url.pathname);
  if (!path.ok) return refuse(path.rule, path.reason);
  const page = path.value;
  switch (page.page) {
    case 'people-search':
      return readSearch('LEAD', url);
    case 'company-search':
      return readSearch('ACCOUNT', url);
    case 'lead-list':
    case 'account-list':
      return readList(page.page, page.listId, url.searchParams);
    case 'lead': {
      const { page: _, ...lead } = page;
      return accept({ kind: 'lead', ...lead });
    }
    case 'account':
      return accept({ kind: 'account', accountId: page.accountId });
  }
}

/** A bare id: all digits is an account, a base64url id (with optional `,authType,token`) a lead. */
function parseBareId(text: string): SalesNavTarget | undefined {
  const accountId = ACCOUNT_URN.exec(text)?.[1] ?? text;
  if (ACCOUNT_ID.test(accountId)) return { kind: 'account', accountId };
  const lead = readLeadRef(LEAD_URN.exec(text)?.[1] ?? text);
  if (!lead) return undefined;
  const { page: _, ...rest } = lead;
  return { kind: 'lead', ...rest };
}

function readSearch(search: SearchKind, url: URL): SalesNavUrlResult {
  const params = searchParams(url);
  for (const name of ['query', 'savedSearchId', 'recentSearchId', 'lastViewedAt']) {
    if (params.getAll(name).length > 1) return refuse('bad-parameter', `has more than one ${name} parameter`);
  }
  const query = params.get('query');
  const parsed = query === null ? undefined : parseSearchQuery(search, query);
  // Even when a saved search wins, a broken query beside it means the URL was mangled.
  if (parsed && !parsed.ok) return refuse(parsed.rule, parsed.reason);

  const lastViewedAt = params.get('lastViewedAt');
  if (lastViewedAt !== null && !DIGITS.test(lastViewedAt)) {
    return refuse('bad-parameter', 'lastViewedAt must be a time in epoch milliseconds');
  }
  const since = lastViewedAt === null ? {} : { lastViewedAt };
  const savedSearchId = params.get('savedSearchId');
  if (savedSearchId !== null) {
    if (!DIGITS.test(savedSearchId)) return refuse('bad-id', `'${savedSearchId}' is not a saved search id`);
    return accept({ kind: 'saved-search', search, savedSearchId, ...since });
  }
  const recentSearchId = params.get('recentSearchId');
  if (recentSearchId !== null) {
    if (!DIGITS.test(recentSearchId)) return refuse('bad-id', `'${recentSearchId}' is not a recent search id`);
    return accept({ kind: 'recent-search', search, recentSearchId, ...since });
  }
  if (parsed === undefined && [...params.keys()].some((name) => LEGACY_PARAM.test(name))) {
    return refuse('legacy-search', 'uses the pre-2020 search URL format: run the search again and copy the new URL');
  }
  const kind = search === 'LEAD' ? 'people-search' : 'company-search';
  // No query at all is an unfiltered search: a real page, if not a useful one.
  return accept({ kind, query: parsed?.value ?? { filters: [] } });
}

/** The query string, or the fragment when only it holds the search (`#query=`, §1.2, §1.8 step 2). */
function searchParams(url: URL): URLSearchParams {
  const inSearch = url.searchParams;
  if (['query', 'savedSearchId', 'recentSearchId'].some((name) => inSearch.has(name))) return inSearch;
  const fragment = new URLSearchParams(url.hash.slice(1));
  return ['query', 'savedSearchId', 'recentSearchId'].some((name) => fragment.has(name)) ? fragment : inSearch;
}

function readList(kind: 'lead-list' | 'account-list', listId: string, params: URLSearchParams): SalesNavUrlResult {
  const sort: { sortCriteria?: string; sortOrder?: string } = {};
  const sortCriteria = params.get('sortCriteria');
  const sortOrder = params.get('sortOrder');
  if (sortCriteria !== null) {
    if (!SORT_WORD.test(sortCriteria)) return refuse('bad-parameter', `sortCriteria '${sortCriteria}' is not a sort`);
    sort.sortCriteria = sortCriteria;
  }
  if (sortOrder !== null) {
    if (sortOrder !== 'ASCENDING' && sortOrder !== 'DESCENDING') {
      return refuse('bad-parameter', 'sortOrder must be ASCENDING or DESCENDING');
    }
    sort.sortOrder = sortOrder;
  }
  return accept({ kind, listId, ...sort });
}
