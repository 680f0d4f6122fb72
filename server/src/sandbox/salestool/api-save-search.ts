/**
 * `POST /sales-api/salesApiSavedSearchesV2`: saves a search for the member, as the search page's
 * "Save search" does. [inf] The protocol notes record only the index (§2.2); the create follows
 * Rest.li's convention: a JSON body, 201 with the new id in `X-RestLi-Id` and in the body.
 * Body: `{"name": "…", "searchType": "LEAD" | "ACCOUNT", "query": "<the Rest.li query of a search URL>"}`.
 */
import { parseSearchQuery } from '../../../../lib/salesnav/search-query.ts';
import type { ApiRequest } from './api-search.ts';
import { apiError, json, type Reply, type ToolState } from './state.ts';

export function createSavedSearch(state: ToolState, req: ApiRequest, body: string): Reply {
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    return apiError(400, 'the body is not JSON');
  }
  const { name, searchType, query } = (input ?? {}) as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255) {
    return apiError(400, 'name must be 1 to 255 characters');
  }
  if (searchType !== 'LEAD' && searchType !== 'ACCOUNT') return apiError(400, 'searchType must be LEAD or ACCOUNT');
  if (typeof query !== 'string') return apiError(400, 'query must be a Rest.li search query');
  const parsed = parseSearchQuery(searchType, query);
  if (!parsed.ok) return apiError(400, `query: ${parsed.reason}`);
  const saved = state.saved.create(req.member.key, { kind: searchType, name: name.trim(), query: parsed.value }, req.t);
  return json(201, { id: Number(saved.id) }, { 'X-RestLi-Id': saved.id });
}
