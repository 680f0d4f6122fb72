/**
 * What one running simulator holds: the world as the tool sees it, the search engine, sessions,
 * pacing, and the little the tool remembers per member (when a saved search was last viewed,
 * searches run from the pages). Shared by the API and the pages.
 */
import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import type { Clock } from '../../core/clock.ts';
import type { Member, RecentSearch, SavedSearch } from '../world/members.ts';
import { SALES_EPOCH } from '../world/timeline.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SavedSearchStore } from './saved-searches.ts';
import type { SearchEngine } from './search.ts';
import type { SessionStore } from './session.ts';
import type { ToolWorld } from './world-view.ts';

export type DeadSessionAnswer = 401 | 403 | 'redirect';

export interface ToolState {
  readonly tool: ToolWorld;
  readonly engine: SearchEngine;
  readonly sessions: SessionStore;
  readonly limiter: RateLimiter;
  readonly clock: Clock;
  readonly sessionTtlMs: number;
  readonly latencyMs: number;
  readonly deadSession: DeadSessionAnswer;
  /** Share of profile requests answered 500 (§3: some profile sub-resources do). */
  readonly profileErrorRate: number;
  /** Searches members saved through the API (the fixed ones are the world's: tool.assetsOf). */
  readonly saved: SavedSearchStore;
  readonly lastViewed: Map<string, number>;
  readonly recorded: Map<string, RecentSearch[]>;
  readonly counters: { recent: number };
}

export interface Reply {
  status: number;
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON, a string as it is. */
  body?: unknown;
}

export const json = (status: number, body: unknown, headers: Record<string, string | string[]> = {}): Reply => ({
  status,
  body,
  headers,
});
/** [inf] the body of the tool's API errors: `status` and a `message`, as Rest.li services answer. */
export const apiError = (status: number, message: string, headers: Record<string, string | string[]> = {}): Reply =>
  json(status, { status, message }, headers);

/** When a member last viewed a saved search: the epoch until they view it in the simulator. */
export function lastViewedAt(state: ToolState, member: Member, search: SavedSearch): number {
  return state.lastViewed.get(`${member.key}:${search.id}`) ?? Math.max(search.createdAt, SALES_EPOCH);
}

/** A member's saved searches: the world's fixed ones, then those saved through the API. */
export function savedSearches(state: ToolState, member: Member): SavedSearch[] {
  return [...state.tool.assetsOf(member).savedSearches, ...state.saved.of(member.key)];
}

export function savedSearch(state: ToolState, member: Member, kind: SearchKind, id: string): SavedSearch | undefined {
  return savedSearches(state, member).find((s) => s.kind === kind && s.id === id);
}

export function recentSearch(state: ToolState, member: Member, kind: SearchKind, id: string): RecentSearch | undefined {
  const fixed = state.tool.assetsOf(member).recentSearches;
  return [...(state.recorded.get(member.key) ?? []), ...fixed].find((s) => s.kind === kind && s.id === id);
}

/** A search run from the search page becomes a recent search, with a 10-digit id (§1.2). */
export function recordSearch(state: ToolState, member: Member, kind: SearchKind, query: SearchQuery): RecentSearch {
  const list = state.recorded.get(member.key) ?? [];
  state.counters.recent += 1;
  const id = String(2_200_000_000 + state.counters.recent);
  const recent: RecentSearch = { id, kind, query, ranAt: state.clock.now() };
  state.recorded.set(member.key, [recent, ...list].slice(0, 20));
  return recent;
}
