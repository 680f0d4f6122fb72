/**
 * The paged reads of the internal API (§2.2): lead and account search (by searchQuery, saved search
 * or recent search), lead-list contents, account-list contents, and the indexes of a member's lists
 * and saved searches.
 */
import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import { isRestliRecord, parseRestli, type RestliValue } from '../../../../lib/salesnav/restli.ts';
import { parseSearchQuery } from '../../../../lib/salesnav/search-query.ts';
import type { Member, SalesList } from '../world/members.ts';
import { QueryError } from './match.ts';
import { envelope, readPage, totalDisplayCount } from './paging.ts';
import { accountHit, accountRow, leadHit, type RenderContext } from './render.ts';
import type { Hit } from './search.ts';
import {
  apiError,
  lastViewedAt,
  type Reply,
  recentSearch,
  savedSearch,
  savedSearches,
  type ToolState,
} from './state.ts';
import type { AccountView, LeadView } from './world-view.ts';

export interface ApiRequest {
  readonly params: URLSearchParams;
  /** Parameter values exactly as sent, for the Rest.li ones (`query`), whose structure is raw. */
  readonly raw: ReadonlyMap<string, string>;
  readonly accept: string | undefined;
  readonly member: Member;
  readonly t: number;
}

const DECORATION_ID = {
  LEAD: /^com\.linkedin\.sales\.deco\.desktop\.searchv2\.LeadSearchResult(?:V2)?-\d+$/,
  ACCOUNT: /^com\.linkedin\.sales\.deco\.desktop\.searchv2\.AccountSearchResult-\d+$/,
};

/**
 * The Rest.li text of a `query` parameter: sent raw (structure unencoded, leaves encoded once, as
 * clients replay it, §2.3), or encoded once more as a whole (the address bar's form). The address
 * bar keeps the parentheses literal and encodes `:` and `,` (§4.1 "Encoding", the §1.3 examples:
 * `query=(filters%3AList((type%3A…`), so a leading `(` does not tell the forms apart; a raw `:`
 * does, since the raw form's records always have one and the encoded form never does.
 */
export function restliParam(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.includes(':')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function renderContext(state: ToolState, req: ApiRequest): RenderContext {
  return {
    seed: state.tool.seed,
    member: req.member,
    assets: state.tool.assetsOf(req.member),
    day: state.tool.at(req.t),
    t: req.t,
  };
}

/** `salesApiLeadSearch` and `salesApiAccountSearch`. */
export function search(state: ToolState, kind: SearchKind, req: ApiRequest): Reply {
  const { params, member, t } = req;
  const decorationId = params.get('decorationId');
  if (decorationId !== null && !DECORATION_ID[kind].test(decorationId)) {
    return apiError(
      400,
      `decorationId ${decorationId} is not a ${kind === 'LEAD' ? 'lead' : 'account'} search projection`,
    );
  }
  const page = readPage(params);
  if (!page.ok) return page.reply;
  const since = params.get('lastViewedAt');
  if (since !== null && !/^\d{1,15}$/.test(since))
    return apiError(400, 'lastViewedAt must be a time in epoch milliseconds');

  let query: SearchQuery;
  const meta: Record<string, unknown> = {};
  const q = params.get('q');
  if (q === 'searchQuery') {
    const text = restliParam(req.raw.get('query'));
    if (text === undefined) return apiError(400, 'q=searchQuery needs a query parameter');
    const parsed = parseSearchQuery(kind, text);
    if (!parsed.ok) return apiError(400, `query: ${parsed.reason}`);
    query = parsed.value;
  } else if (q === 'savedSearchId' || q === 'savedSearch') {
    const id = params.get('savedSearchId') ?? '';
    const saved = savedSearch(state, member, kind, id);
    if (!saved) return apiError(404, `saved search ${id} does not exist`);
    query = saved.query;
    meta.savedSearchId = saved.id;
    meta.name = saved.name;
  } else if (q === 'recentSearchId') {
    const id = params.get('recentSearchId') ?? '';
    const recent = recentSearch(state, member, kind, id);
    if (!recent) return apiError(404, `recent search ${id} does not exist`);
    query = recent.query;
    meta.recentSearchId = recent.id;
  } else {
    return apiError(400, 'q must be searchQuery, savedSearchId, savedSearch or recentSearchId');
  }

  // [inf] `lastViewedAt` (FIRST reads it from saved-search URLs "to scrape new results") keeps the
  // hits that are new since then: hits now that were not hits at that time. Only saved and recent
  // searches have it (a time after now counts as now: engine.newSince).
  const newSince = since !== null && q !== 'searchQuery' ? Number(since) : undefined;
  let hits: Hit<LeadView | AccountView>[];
  try {
    hits =
      newSince !== undefined
        ? state.engine.newSince(kind, member, query, newSince, t)
        : kind === 'LEAD'
          ? state.engine.leads(member, query, t)
          : state.engine.accounts(member, query, t);
  } catch (error) {
    if (error instanceof QueryError) return apiError(400, error.message);
    throw error;
  }
  const ctx = renderContext(state, req);
  const elements = hits
    .slice(page.start, page.start + page.count)
    .map((h) => (kind === 'LEAD' ? leadHit(ctx, h.view as LeadView) : accountHit(ctx, h.view as AccountView)));
  return envelope(
    req.accept,
    elements,
    { start: page.start, total: hits.length },
    {
      ...meta,
      totalDisplayCount: totalDisplayCount(hits.length),
      ...(query.keywords !== undefined ? { keywords: query.keywords } : {}),
      // The applied filters, echoed (MOSAICO fails closed when its filter is not).
      filters: query.filters.map((f) => ({
        type: f.type,
        ...(f.values ? { values: f.values } : {}),
        ...(f.rangeValue ? { rangeValue: f.rangeValue } : {}),
      })),
      ...(newSince !== undefined ? { lastViewedAt: newSince } : {}),
    },
  );
}

/** The list a `salesApiPeopleSearch` pivot names: `urn:li:fs_salesList:<id>` or `list.includedValues[0].id`. */
function pivotListId(value: RestliValue): string | undefined {
  if (!isRestliRecord(value)) return undefined;
  const pivot = value.pivotParam;
  const request = isRestliRecord(pivot) ? pivot['com.linkedin.sales.search.LeadListPivotRequest'] : undefined;
  if (isRestliRecord(request) && typeof request.list === 'string') {
    return /^urn:li:fs_salesList:(\d+)$/.exec(request.list)?.[1];
  }
  const list = value.list;
  const included = isRestliRecord(list) ? list.includedValues : undefined;
  const first = Array.isArray(included) ? included[0] : undefined;
  return isRestliRecord(first) && typeof first.id === 'string' ? first.id : undefined;
}

function sortOf(value: RestliValue): { criteria: string; order: string } {
  const pivot =
    isRestliRecord(value) && isRestliRecord(value.pivotParam)
      ? value.pivotParam['com.linkedin.sales.search.LeadListPivotRequest']
      : undefined;
  const r = isRestliRecord(pivot) ? pivot : {};
  return {
    criteria: typeof r.sortCriteria === 'string' ? r.sortCriteria : 'CREATED_TIME',
    order: typeof r.sortOrder === 'string' ? r.sortOrder : 'DESCENDING',
  };
}

function memberList(state: ToolState, member: Member, kind: SearchKind, id: string): SalesList | undefined {
  return state.tool.assetsOf(member).lists.find((l) => l.kind === kind && l.id === id);
}

/** `salesApiPeopleSearch?q=peopleSearchQuery`: a lead list's rows (§2.2, §2.9). */
export function leadList(state: ToolState, req: ApiRequest): Reply {
  if (req.params.get('q') !== 'peopleSearchQuery') return apiError(400, 'q must be peopleSearchQuery');
  const page = readPage(req.params);
  if (!page.ok) return page.reply;
  const text = restliParam(req.raw.get('query'));
  const parsed = text === undefined ? undefined : parseRestli(text);
  if (!parsed?.ok) return apiError(400, `query: ${parsed ? parsed.reason : 'missing'}`);
  const id = pivotListId(parsed.value);
  if (!id) return apiError(400, 'query names no lead list (pivotParam LeadListPivotRequest list)');
  const list = memberList(state, req.member, 'LEAD', id);
  if (!list) return apiError(404, `lead list ${id} does not exist`);
  const { criteria, order } = sortOf(parsed.value);
  const ctx = renderContext(state, req);
  const rows = list.entries
    .map((e) => ({ view: ctx.day.leadByProfileId.get(e.id), addedAt: e.addedAt }))
    .filter((r): r is { view: LeadView; addedAt: number } => r.view !== undefined);
  const key = (r: { view: LeadView; addedAt: number }): string | number =>
    criteria === 'ASSOCIATED_ACCOUNT' ? r.view.company.name : criteria === 'NAME' ? r.view.person.lastName : r.addedAt;
  sortBy(rows, key, order);
  const elements = rows
    .slice(page.start, page.start + page.count)
    .map((r) => leadHit(ctx, r.view, { dateAddedToListAt: r.addedAt, newListEntitySinceLastViewed: false }));
  return envelope(
    req.accept,
    elements,
    { start: page.start, total: rows.length },
    {
      totalDisplayCount: totalDisplayCount(rows.length),
      pivot: {
        'com.linkedin.sales.search.ListPivotResponse': { name: list.name, listId: list.id, entityCount: rows.length },
      },
    },
  );
}

/** `salesApiDashboardAccountTable?q=list&listId=…`: an account list's rows (§2.2). */
export function accountList(state: ToolState, req: ApiRequest): Reply {
  if (req.params.get('q') !== 'list') return apiError(400, 'q must be list');
  const page = readPage(req.params);
  if (!page.ok) return page.reply;
  const id = req.params.get('listId') ?? '';
  const list = memberList(state, req.member, 'ACCOUNT', id);
  if (!list) return apiError(404, `account list ${id} does not exist`);
  const ctx = renderContext(state, req);
  const byId = new Map(ctx.day.accounts.map((a) => [String(a.account.salesId), a]));
  const rows = list.entries
    .map((e) => ({ view: byId.get(e.id), addedAt: e.addedAt }))
    .filter((r): r is { view: AccountView; addedAt: number } => r.view !== undefined);
  const criteria = req.params.get('sortCriteria') ?? 'NAME';
  sortBy(
    rows,
    (r) => (criteria === 'NAME' ? r.view.company.name : r.addedAt),
    req.params.get('sortOrder') ?? 'ASCENDING',
  );
  const elements = rows.slice(page.start, page.start + page.count).map((r) => accountRow(ctx, r.view, r.addedAt));
  return envelope(
    req.accept,
    elements,
    { start: page.start, total: rows.length },
    {
      totalDisplayCount: totalDisplayCount(rows.length),
      name: list.name,
    },
  );
}

function sortBy<T>(rows: T[], key: (r: T) => string | number, order: string): void {
  const sign = order === 'DESCENDING' ? -1 : 1;
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y)));
  });
}

/** `salesApiLists?q=listType&listType=LEAD|ACCOUNT` (§2.2). */
export function listsIndex(state: ToolState, req: ApiRequest): Reply {
  const type = req.params.get('listType');
  if (req.params.get('q') !== 'listType' || (type !== 'LEAD' && type !== 'ACCOUNT')) {
    return apiError(400, 'q must be listType and listType LEAD or ACCOUNT');
  }
  const lists = state.tool.assetsOf(req.member).lists.filter((l) => l.kind === type);
  const elements = lists.map((l) => ({
    id: l.id,
    entityUrn: `urn:li:fs_salesList:${l.id}`,
    listType: l.kind,
    listSource: 'MANUAL',
    name: l.name,
    role: 'OWNER',
    lastModifiedAt: l.entries[0]?.addedAt ?? l.createdAt,
    entityCount: l.entries.length,
  }));
  return envelope(req.accept, elements, { start: 0, total: elements.length }, {});
}

/** `salesApiSavedSearchesV2?q=savedPeopleSearches|savedAccountSearches` (§2.2), with newHitsCount. */
export function savedSearchesIndex(state: ToolState, req: ApiRequest): Reply {
  const q = req.params.get('q');
  if (q !== 'savedPeopleSearches' && q !== 'savedAccountSearches') {
    return apiError(400, 'q must be savedPeopleSearches or savedAccountSearches');
  }
  const kind: SearchKind = q === 'savedPeopleSearches' ? 'LEAD' : 'ACCOUNT';
  const saved = savedSearches(state, req.member).filter((s) => s.kind === kind);
  const elements = saved.map((s) => {
    const viewed = lastViewedAt(state, req.member, s);
    return {
      id: Number(s.id),
      name: s.name,
      createdAt: s.createdAt,
      lastViewedAt: viewed,
      newHitsCount: state.engine.newSince(kind, req.member, s.query, viewed, req.t).length,
      seat: `urn:li:fs_salesSeat:${req.member.memberId}`,
      ...(s.query.keywords !== undefined ? { keywords: s.query.keywords } : {}),
      filters: s.query.filters,
    };
  });
  return envelope(req.accept, elements, { start: 0, total: elements.length }, {});
}
