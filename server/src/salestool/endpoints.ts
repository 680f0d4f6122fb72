/**
 * The internal API's requests for each kind of target (salestool-protocol.md §2.2, §2.3). Paths
 * are relative to the tool's origin; query strings are written here, by hand, because the tool's
 * Rest.li encoding is not URLSearchParams': `query=` keeps `( ) , :` raw with text leaves encoded
 * once (LIB, MOSAICO, INFINITY), `decoration=` escapes `( ) ,` and keeps `* ~ :` raw (NICK: "the
 * difference is a flat 400").
 */
import { serialiseRestli } from '../../../lib/salesnav/restli.ts';
import { serialiseSearchQuery, withoutSessionState } from '../../../lib/salesnav/search-query.ts';
import type { SalesNavTarget } from '../../../lib/salesnav/target.ts';

/** Projection recipes (§2.3): `-14` and `-4` are the ones most clients send. */
export const LEAD_DECORATION_ID = 'com.linkedin.sales.deco.desktop.searchv2.LeadSearchResult-14';
export const ACCOUNT_DECORATION_ID = 'com.linkedin.sales.deco.desktop.searchv2.AccountSearchResult-4';

/** Exporters ask for 100 a page (INFINITY, FIRST, LIB), the UI for 25 (§2.2). */
export const PAGE_SIZE = 100;
/** The tool pages no further than the first 2,500 results of a search or list (§3). */
export const RESULT_CAP = 2_500;

/** What a paged target yields: lead hits (searches, lead lists) or accounts (searches, account lists). */
export type PagedShape = 'lead-hit' | 'account-hit' | 'account-row';

export interface PagedRequest {
  shape: PagedShape;
  /** The request for results [start, start + count). */
  path(start: number, count: number): string;
}

type Param = [name: string, value: string];

/** Builds `path?a=b&…` with values already in their wire form. */
function withQuery(path: string, params: Param[]): string {
  return `${path}?${params.map(([name, value]) => `${name}=${value}`).join('&')}`;
}

const paging = (start: number, count: number): Param[] => [
  ['start', String(start)],
  ['count', String(count)],
];

/** A plain value in a query string (ids, urns, epoch times): URL-encoded once. */
const plain = (value: string) => encodeURIComponent(value);

/** The paged request a search or list target is read with; undefined for single leads and accounts. */
export function pagedRequest(target: SalesNavTarget): PagedRequest | undefined {
  switch (target.kind) {
    case 'people-search':
    case 'company-search': {
      const lead = target.kind === 'people-search';
      // The UI's recent-search bookkeeping is session state; replayed, it can 400 like sessionId (§1.2).
      const query = serialiseSearchQuery(withoutSessionState(target.query));
      return search(lead, [
        ['q', 'searchQuery'],
        ['query', query],
      ]);
    }
    case 'saved-search':
    case 'recent-search': {
      const lead = target.search === 'LEAD';
      const by: Param[] =
        target.kind === 'saved-search'
          ? [
              ['q', 'savedSearchId'],
              ['savedSearchId', plain(target.savedSearchId)],
            ]
          : [
              ['q', 'recentSearchId'],
              ['recentSearchId', plain(target.recentSearchId)],
            ];
      // Inference (FIRST reads it from the URL "to scrape new results that appeared in a saved search").
      if (target.lastViewedAt !== undefined) by.push(['lastViewedAt', plain(target.lastViewedAt)]);
      return search(lead, by);
    }
    case 'lead-list':
      return { shape: 'lead-hit', path: (start, count) => leadListPath(target, start, count) };
    case 'account-list':
      return { shape: 'account-row', path: (start, count) => accountListPath(target, start, count) };
    case 'lead':
    case 'account':
      return undefined;
  }
}

function search(lead: boolean, by: Param[]): PagedRequest {
  const resource = lead ? '/sales-api/salesApiLeadSearch' : '/sales-api/salesApiAccountSearch';
  const decorationId = lead ? LEAD_DECORATION_ID : ACCOUNT_DECORATION_ID;
  return {
    shape: lead ? 'lead-hit' : 'account-hit',
    path: (start, count) => withQuery(resource, [...by, ...paging(start, count), ['decorationId', decorationId]]),
  };
}

function leadListPath(target: Extract<SalesNavTarget, { kind: 'lead-list' }>, start: number, count: number): string {
  const { listId } = target;
  const query = serialiseRestli({
    spotlightParam: { selectedType: 'ALL' },
    doFetchSpotlights: 'true',
    doFetchHits: 'true',
    doFetchFilters: 'false',
    pivotParam: {
      'com.linkedin.sales.search.LeadListPivotRequest': {
        list: `urn:li:fs_salesList:${listId}`,
        sortCriteria: target.sortCriteria ?? 'CREATED_TIME',
        sortOrder: target.sortOrder ?? 'DESCENDING',
      },
    },
    list: { scope: 'LEAD', includeAll: 'false', excludeAll: 'false', includedValues: [{ id: listId }] },
  });
  return withQuery('/sales-api/salesApiPeopleSearch', [
    ['q', 'peopleSearchQuery'],
    ['query', query],
    ...paging(start, count),
    ['decorationId', LEAD_DECORATION_ID],
  ]);
}

function accountListPath(
  target: Extract<SalesNavTarget, { kind: 'account-list' }>,
  start: number,
  count: number,
): string {
  return withQuery('/sales-api/salesApiDashboardAccountTable', [
    ['q', 'list'],
    ['listId', plain(target.listId)],
    ['accountDashboardListType', 'CUSTOM_LISTS'],
    ['sortCriteria', plain(target.sortCriteria ?? 'NAME')],
    ['sortOrder', plain(target.sortOrder ?? 'ASCENDING')],
    ...paging(start, count),
    ['columns', 'List(UNIFIED_RECOMMENDED_LEAD)'],
    ['doPersonaQuery', 'true'],
  ]);
}

/** `decoration=` form: `( ) ,` escaped, `* ~ :` raw (§2.3, NICK). */
export function encodeDecoration(decoration: string): string {
  return decoration.replace(/[(),]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The profile fields a lead record reads (§2.7: EIL's and NICK's decorations; `skills*(name)` 500s, LIB). */
export const PROFILE_DECORATION =
  '(entityUrn,objectUrn,firstName,lastName,fullName,headline,summary,location,industry,degree,savedLead,' +
  'listCount,pendingInvitation,numOfConnections,numOfSharedConnections,flagshipProfileUrl,' +
  'profilePictureDisplayImage,memberBadges,contactInfo,defaultPosition,' +
  'positions*(title,companyName,companyUrn,description,current,location,startedOn,endedOn),' +
  'educations*(schoolName,degree,fieldsOfStudy*,startedOn,endedOn),skills*,languages*)';

/** The company fields an account record reads (§2.8: EIL, LIB). */
export const COMPANY_DECORATION =
  '(entityUrn,name,account(saved,listCount),companyPictureDisplayImage,description,industry,location,' +
  'headquarters,website,revenueRange,flagshipCompanyUrl,employeeGrowthPercentages,employeeCountRange,' +
  'specialties,type,yearFounded)';

/**
 * One lead's full profile. The key is `(profileId:…,authType:…,authToken:…)` as search hits give it;
 * a bare id (a URL without its auth parts) is sent as `(profileId:…)` alone (inference: LIB builds
 * bare `/sales/lead/<id>` links, and no source shows the key without the auth parts).
 */
export function profilePath(lead: { leadId: string; authType?: string; authToken?: string }): string {
  const key = [`profileId:${lead.leadId}`];
  if (lead.authType !== undefined) key.push(`authType:${lead.authType}`, `authToken:${lead.authToken || "''"}`);
  return `/sales-api/salesApiProfiles/(${key.join(',')})?decoration=${encodeDecoration(PROFILE_DECORATION)}`;
}

export function companyPath(accountId: string): string {
  return `/sales-api/salesApiCompanies/${plain(accountId)}?decoration=${encodeDecoration(COMPANY_DECORATION)}`;
}
