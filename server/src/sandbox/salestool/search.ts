/**
 * Running searches and reading lists, at a time, for a member. A search's hits are the entities
 * that match, plus decoys: about one hit in ten is a near miss (it fails exactly one filter: an old
 * title, a wrong headcount), as the real tool returns (decisions.md, "matching"). Decoys are the
 * near misses that come first in a fixed pseudo-random order, one for every nine matches, so a
 * search's hits are the same on every page and change only as the world does.
 */
import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import { serialiseSearchQuery } from '../../../../lib/salesnav/search-query.ts';
import type { Member } from '../world/members.ts';
import { type CompiledQuery, compileQuery, judge, type MatchContext, unit } from './match.ts';
import type { AccountView, LeadView, ToolWorld } from './world-view.ts';

/** Decoys per match: 1/9 makes decoys 10 % of hits. */
export const DECOY_RATIO = 1 / 9;

export interface Hit<V> {
  readonly view: V;
  /** Whether the entity really matches every filter (decoys do not). */
  readonly matches: boolean;
  /** The filters a decoy fails (one). */
  readonly failed: readonly string[];
}

export type LeadHit = Hit<LeadView>;
export type AccountHit = Hit<AccountView>;

const entityId = (v: LeadView | AccountView): string => ('lead' in v ? v.lead.profileId : String(v.account.salesId));

export class SearchEngine {
  private readonly cache = new Map<string, Hit<LeadView | AccountView>[]>();

  constructor(readonly tool: ToolWorld) {}

  context(member: Member, t: number): MatchContext {
    return { seed: this.tool.seed, member, assets: this.tool.assetsOf(member), day: this.tool.at(t), t };
  }

  leads(member: Member, query: SearchQuery, t: number): LeadHit[] {
    return this.run('LEAD', member, query, t) as LeadHit[];
  }

  accounts(member: Member, query: SearchQuery, t: number): AccountHit[] {
    return this.run('ACCOUNT', member, query, t) as AccountHit[];
  }

  /**
   * Hits at `now` that were not hits at `since`: what a saved search reports as new. A `since`
   * after `now` (a client's clock ahead, a sandbox clock set back) counts as now: nothing is new,
   * and the tool's future stays unknown.
   */
  newSince(
    kind: SearchKind,
    member: Member,
    query: SearchQuery,
    since: number,
    now: number,
  ): Hit<LeadView | AccountView>[] {
    const before = new Set(this.run(kind, member, query, Math.min(since, now)).map((h) => entityId(h.view)));
    return this.run(kind, member, query, now).filter((h) => !before.has(entityId(h.view)));
  }

  private run(kind: SearchKind, member: Member, query: SearchQuery, t: number): Hit<LeadView | AccountView>[] {
    const ctx = this.context(member, t);
    const key = `${member.key}|${kind}|${ctx.day.day}|${serialiseSearchQuery(query)}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const hits =
      kind === 'LEAD'
        ? this.collect(compileQuery('LEAD', query, ctx), ctx.day.leads, (v) => v.lead.personId)
        : this.collect(compileQuery('ACCOUNT', query, ctx), ctx.day.accounts, (v) => v.company.id);
    if (this.cache.size >= 64) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, hits);
    return hits;
  }

  private collect<V extends LeadView | AccountView>(
    query: CompiledQuery<V>,
    views: readonly V[],
    idOf: (v: V) => string,
  ): Hit<V>[] {
    const matches: Hit<V>[] = [];
    const near: { hit: Hit<V>; order: number }[] = [];
    for (const view of views) {
      const verdict = judge(query, view);
      if (verdict.pass) matches.push({ view, matches: true, failed: [] });
      else if (verdict.nearMiss && query.filters.length > 0) {
        near.push({
          hit: { view, matches: false, failed: verdict.failed },
          order: unit(this.tool.seed, 'decoy', idOf(view)),
        });
      }
    }
    const decoys = Math.round(matches.length * DECOY_RATIO);
    near.sort((a, b) => a.order - b.order);
    const hits = [...matches, ...near.slice(0, decoys).map((n) => n.hit)];
    return hits.sort((a, b) => a.view.rank - b.view.rank);
  }
}
