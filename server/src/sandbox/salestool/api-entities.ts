/**
 * Single reads of the internal API: a lead's profile (`salesApiProfiles/(profileId:…,…)`), a
 * company (`salesApiCompanies/<id>`), facet values (`salesApiFacetTypeahead`), and who the session
 * is (`/voyager/api/me`).
 */
import { isRestliRecord, parseRestli } from '../../../../lib/salesnav/restli.ts';
import { SCHOOLS } from '../world/career-data.ts';
import { allGeos } from '../world/geo-data.ts';
import {
  COMPANY_TYPES,
  FUNCTIONS,
  HEADCOUNT_RANGES,
  INDUSTRY_IDS,
  PROFILE_LANGUAGES,
  SENIORITIES,
  YEARS_BUCKETS,
} from '../world/sales-catalog.ts';
import { TITLE_IDS } from '../world/titles.ts';
import { type ApiRequest, renderContext } from './api-search.ts';
import { parseDecoration, project } from './decoration.ts';
import { unit } from './match.ts';
import { envelope, single } from './paging.ts';
import { company, profile } from './render.ts';
import { apiError, json, type Reply, type ToolState } from './state.ts';

function withDecoration(req: ApiRequest, entity: Record<string, unknown>): Reply {
  const decoration = req.params.get('decoration');
  if (decoration === null) return single(req.accept, entity);
  const parsed = parseDecoration(decoration);
  if (!parsed.ok) return apiError(400, `decoration: ${parsed.reason}`);
  return single(req.accept, project(entity, parsed.fields) as Record<string, unknown>);
}

/** `salesApiProfiles/(profileId:ACw…,authType:NAME_SEARCH,authToken:…)`; the auth parts may be absent. */
export function profileRead(state: ToolState, req: ApiRequest, key: string): Reply {
  // Raw (`(profileId:…,…)`) or encoded once more, with or without literal parentheses.
  const text = key.includes(':') ? key : safeDecode(key);
  const parsed = parseRestli(text);
  if (!parsed.ok || !isRestliRecord(parsed.value) || typeof parsed.value.profileId !== 'string') {
    return apiError(400, 'the profile key must be (profileId:…,authType:…,authToken:…)');
  }
  const ctx = renderContext(state, req);
  const view = ctx.day.leadByProfileId.get(parsed.value.profileId);
  if (!view) return apiError(404, `profile ${parsed.value.profileId} does not exist`);
  // Some profile reads fail on the real tool (§3: 500 from profile sub-resources).
  if (state.profileErrorRate > 0 && Math.random() < state.profileErrorRate)
    return apiError(500, 'Internal Server Error');
  return withDecoration(req, profile(ctx, view));
}

export function companyRead(state: ToolState, req: ApiRequest, id: string): Reply {
  if (!/^\d+$/.test(id)) return apiError(400, `${id} is not a company id`);
  const ctx = renderContext(state, req);
  const account = state.tool.sales.accountBySalesId.get(Number(id));
  const view = account ? ctx.day.accounts[account.companyIndex] : undefined;
  if (!view) return apiError(404, `company ${id} does not exist`);
  return withDecoration(req, company(ctx, view));
}

/** The closed and open value tables the filter UI offers (CATALOG's typeahead types, §4.2). */
function typeaheadValues(type: string): { id: string; displayValue: string }[] | undefined {
  const rows = (pairs: [string | number, string][]) =>
    pairs.map(([id, displayValue]) => ({ id: String(id), displayValue }));
  switch (type) {
    case 'BING_GEO':
      return rows(allGeos().map((g) => [g.id, g.text]));
    case 'INDUSTRY':
      return rows(Object.entries(INDUSTRY_IDS).map(([name, id]) => [id, name]));
    case 'FUNCTION':
      return rows(FUNCTIONS.map((name, i) => [i + 1, name]));
    case 'SENIORITY_V2':
      return rows(SENIORITIES.map((s) => [s.id, s.label]));
    case 'COMPANY_SIZE':
    case 'COMPANY_SIZE_ACCOUNT_SEARCH':
      return rows(HEADCOUNT_RANGES.map((r) => [r.id, r.label]));
    case 'COMPANY_TYPE':
      return rows(Object.entries(COMPANY_TYPES));
    case 'TENURE':
      return rows(YEARS_BUCKETS.map((b) => [b.id, b.label]));
    case 'PROFILE_LANGUAGE':
      return rows(Object.entries(PROFILE_LANGUAGES));
    case 'RELATIONSHIP':
      return rows([
        ['F', '1st degree connections'],
        ['S', '2nd degree connections'],
        ['O', '3rd+ degree connections'],
      ]);
    case 'TITLE':
      return rows([...TITLE_IDS].map(([title, id]) => [id, title]));
    case 'SCHOOL':
      return rows(Object.values(SCHOOLS).flatMap((list) => list.map(([id, name]) => [id, name] as [number, string])));
    default:
      return undefined;
  }
}

/** `salesApiFacetTypeahead?q=query&type=…&query=<prefix>` (§2.2). */
export function typeahead(state: ToolState, req: ApiRequest): Reply {
  const type = req.params.get('type') ?? '';
  if (req.params.get('q') !== 'query') return apiError(400, 'q must be query');
  let values = typeaheadValues(type);
  if (type === 'COMPANY_WITH_LIST') {
    values = state.tool.sales.accounts.map((a) => ({
      id: `urn:li:organization:${a.salesId}`,
      displayValue: state.tool.sales.world.companies[a.companyIndex]?.name ?? '',
    }));
  }
  if (!values) return apiError(400, `type ${type} is not a facet the typeahead knows`);
  const prefix = (req.params.get('query') ?? '').toLowerCase();
  const found = prefix === '' ? values : values.filter((v) => v.displayValue.toLowerCase().includes(prefix));
  const start = Math.max(0, Number(req.params.get('start') ?? 0) || 0);
  const count = Math.min(100, Math.max(1, Number(req.params.get('count') ?? 25) || 25));
  return envelope(req.accept, found.slice(start, start + count), { start, total: found.length }, {});
}

/**
 * `/voyager/api/me`: who a session belongs to. [inf] Voyager's `me` (TQ conventions); the notes name
 * no sales-api call that says whose session it is, and a seat check needs the member id.
 */
export function me(state: ToolState, req: ApiRequest): Reply {
  const m = req.member;
  const publicId = `${m.firstName}-${m.lastName}`.toLowerCase();
  return json(200, {
    plainId: m.memberId,
    miniProfile: {
      firstName: m.firstName,
      lastName: m.lastName,
      objectUrn: `urn:li:member:${m.memberId}`,
      entityUrn: `urn:li:fs_miniProfile:ACoAA${Math.floor(unit(state.tool.seed, 'me', m.key) * 1e12).toString(36)}`,
      publicIdentifier: publicId,
    },
    premiumSubscriber: m.seat !== 'none',
    salesNavigatorSeat: m.seat === 'active',
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
