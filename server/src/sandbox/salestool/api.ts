/**
 * The internal API (`/sales-api/…`, §2): session check, pacing, then the resource. Long queries may
 * come as a POST with `x-http-method-override: GET` and the parameters in a form body (INFINITY).
 */

import { companyRead, me, profileRead, typeahead } from './api-entities.ts';
import { createSavedSearch } from './api-save-search.ts';
import { type ApiRequest, accountList, leadList, listsIndex, savedSearchesIndex, search } from './api-search.ts';
import { apiError, type Reply, type ToolState } from './state.ts';

export interface RawRequest {
  readonly method: string;
  /** Path and query string exactly as sent. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

const header = (req: RawRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** `?a=b&…` into decoded params and the raw values (Rest.li values must not be decoded twice). */
export function readQueryString(text: string): { params: URLSearchParams; raw: Map<string, string> } {
  const raw = new Map<string, string>();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      name = rawName;
    }
    if (!raw.has(name)) raw.set(name, eq < 0 ? '' : part.slice(eq + 1));
  }
  return { params: new URLSearchParams(text), raw };
}

export function apiReply(state: ToolState, req: RawRequest): Reply {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  let queryString = q < 0 ? '' : req.url.slice(q + 1);
  let method = req.method;
  if (method === 'POST' && header(req, 'x-http-method-override')?.toUpperCase() === 'GET') {
    method = 'GET';
    queryString = [queryString, req.body].filter(Boolean).join('&');
  }

  const checked = state.sessions.check(header(req, 'cookie'), header(req, 'csrf-token') ?? null);
  if (!checked.ok) {
    if (checked.why === 'csrf') return apiError(403, 'CSRF check failed.');
    if (state.deadSession === 'redirect') {
      return { status: 302, headers: { Location: `/login?session_redirect=${encodeURIComponent(req.url)}` } };
    }
    return apiError(state.deadSession, state.deadSession === 401 ? 'Unauthorized' : 'Forbidden');
  }
  const { member } = checked.session;
  if (member.seat === 'challenged') return { status: 302, headers: { Location: challengePath(checked.session.liAt) } };

  const { params, raw } = readQueryString(queryString);
  const request: ApiRequest = { params, raw, accept: header(req, 'accept'), member, t: state.clock.now() };
  if (path === '/voyager/api/me') return method === 'GET' ? me(state, request) : apiError(405, 'Method Not Allowed');
  if (member.seat === 'none') return apiError(403, 'This member has no Sales Navigator seat');

  const wait = state.limiter.take(member.key);
  if (wait > 0)
    return {
      status: 429,
      headers: { 'Retry-After': String(wait) },
      body: { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many requests' },
    };
  const resource = path.slice('/sales-api/'.length);
  if (method === 'POST' && resource === 'salesApiSavedSearchesV2') return createSavedSearch(state, request, req.body);
  if (method !== 'GET') return apiError(405, 'Method Not Allowed', { Allow: 'GET' });

  switch (resource) {
    case 'salesApiLeadSearch':
      return search(state, 'LEAD', request);
    case 'salesApiAccountSearch':
      return search(state, 'ACCOUNT', request);
    case 'salesApiPeopleSearch':
      return leadList(state, request);
    case 'salesApiDashboardAccountTable':
      return accountList(state, request);
    case 'salesApiLists':
      return listsIndex(state, request);
    case 'salesApiSavedSearchesV2':
      return savedSearchesIndex(state, request);
    case 'salesApiFacetTypeahead':
      return typeahead(state, request);
  }
  if (resource.startsWith('salesApiProfiles/'))
    return profileRead(state, request, resource.slice('salesApiProfiles/'.length));
  if (resource.startsWith('salesApiCompanies/'))
    return companyRead(state, request, resource.slice('salesApiCompanies/'.length));
  return apiError(404, `no resource ${path}`);
}

/** Where a challenged session is sent (§1.1: `/checkpoint/challenge/...`). */
export function challengePath(liAt: string): string {
  return `/checkpoint/challenge/AgG${liAt.slice(5, 29)}?ut=sandbox`;
}
