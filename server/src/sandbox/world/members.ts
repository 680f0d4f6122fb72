/**
 * The sandbox's sales-tool members: the people who sign in to the simulated tool (docs/sandbox.md
 * lists them). They are the same in every world; their lists, saved searches and recent searches
 * are drawn from the world they sign in to, so ids are fixed and contents follow the seed.
 */
import type { SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import { rngFor } from './prng.ts';
import type { SalesWorld } from './sales-world.ts';
import { DAY_MS, leadAt, SALES_EPOCH } from './timeline.ts';

/** `active`: a Sales Navigator seat; `none`: LinkedIn only (403); `challenged`: every session meets a checkpoint. */
export type SeatState = 'active' | 'none' | 'challenged';

export interface Member {
  /** The short name `/login?as=` also takes. */
  readonly key: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly memberId: number;
  readonly seat: SeatState;
}

export const MEMBERS: readonly Member[] = [
  {
    key: 'demo',
    email: 'demo@leadforge.test',
    firstName: 'Dana',
    lastName: 'Demo',
    memberId: 10_000_001,
    seat: 'active',
  },
  {
    key: 'ava',
    email: 'ava.reed@leadforge.test',
    firstName: 'Ava',
    lastName: 'Reed',
    memberId: 10_000_002,
    seat: 'active',
  },
  {
    key: 'ben',
    email: 'ben.okafor@leadforge.test',
    firstName: 'Ben',
    lastName: 'Okafor',
    memberId: 10_000_003,
    seat: 'active',
  },
  {
    key: 'noseat',
    email: 'noseat@leadforge.test',
    firstName: 'Nora',
    lastName: 'Noseat',
    memberId: 10_000_004,
    seat: 'none',
  },
  {
    key: 'challenged',
    email: 'challenged@leadforge.test',
    firstName: 'Chris',
    lastName: 'Checkpoint',
    memberId: 10_000_005,
    seat: 'challenged',
  },
];

export function findMember(emailOrKey: string): Member | undefined {
  const wanted = emailOrKey.trim().toLowerCase();
  return MEMBERS.find((m) => m.email === wanted || m.key === wanted);
}

export interface SavedSearch {
  /** ~8 digits, as seen (§1.4). */
  readonly id: string;
  readonly kind: SearchKind;
  readonly name: string;
  readonly query: SearchQuery;
  readonly createdAt: number;
}

export interface RecentSearch {
  /** 10 digits, as `recentSearchParam:(id:…)` carries (§1.2). */
  readonly id: string;
  readonly kind: SearchKind;
  readonly query: SearchQuery;
  readonly ranAt: number;
}

export interface SalesList {
  /** 19 digits (§1.5). */
  readonly id: string;
  readonly kind: SearchKind;
  readonly name: string;
  /** Lead profile ids (LEAD) or sales company ids (ACCOUNT), with when each was added, newest first. */
  readonly entries: readonly { readonly id: string; readonly addedAt: number }[];
  readonly createdAt: number;
}

export interface MemberAssets {
  readonly savedSearches: readonly SavedSearch[];
  readonly recentSearches: readonly RecentSearch[];
  readonly lists: readonly SalesList[];
}

const v = (type: string, ...ids: (string | number)[]) => ({
  type,
  values: ids.map((id) => ({ id: String(id), selectionType: 'INCLUDED' as const })),
});

/** The searches every member has saved: ids differ per member, queries do not. */
const SAVED: readonly Omit<SavedSearch, 'id' | 'createdAt'>[] = [
  {
    kind: 'LEAD',
    name: 'CXOs in North America',
    query: { filters: [v('SENIORITY_LEVEL', 310), v('REGION', 102221843)] },
  },
  {
    kind: 'LEAD',
    name: 'Engineering leaders in Europe',
    query: { filters: [v('FUNCTION', 8), v('SENIORITY_LEVEL', 220, 300), v('REGION', 100506914)] },
  },
  {
    kind: 'LEAD',
    name: 'Recent job changers in sales',
    query: { filters: [v('FUNCTION', 25), v('RECENTLY_CHANGED_JOBS', 'RPC')] },
  },
  {
    kind: 'ACCOUNT',
    name: 'Mid-size software companies',
    query: { filters: [v('INDUSTRY', 4), v('COMPANY_HEADCOUNT', 'D', 'E', 'F')] },
  },
];

const RECENT: readonly Omit<RecentSearch, 'id' | 'ranAt'>[] = [
  { kind: 'LEAD', query: { keywords: 'marketing', filters: [v('COMPANY_HEADCOUNT', 'C', 'D')] } },
  { kind: 'ACCOUNT', query: { filters: [v('REGION', 101282230)] } },
];

/** A member's lists, saved and recent searches in a world. Deterministic from (seed, member). */
export function memberAssets(sales: SalesWorld, member: Member): MemberAssets {
  const m = MEMBERS.indexOf(member) + 1;
  const rng = rngFor(sales.world.seed, 'member', member.key, 'assets');
  const savedSearches = SAVED.map((s, i) => ({
    ...s,
    id: String(50_452_000 + m * 100 + i + 1),
    createdAt: SALES_EPOCH - rng.int(20, 200) * DAY_MS,
  }));
  const recentSearches = RECENT.map((s, i) => ({
    ...s,
    id: String(2_154_000_000 + m * 100 + i + 1),
    ranAt: SALES_EPOCH - rng.int(1, 10) * DAY_MS,
  }));

  // Lists hold leads and accounts the tool listed at the epoch.
  const listed = sales.leads.filter((lead) => leadAt(lead, SALES_EPOCH));
  const senior = listed.filter((lead) => (leadAt(lead, SALES_EPOCH)?.current[0]?.seniority ?? 0) >= 220);
  const sample = <T>(items: readonly T[], n: number): T[] => {
    const out = new Set<T>();
    while (out.size < Math.min(n, items.length)) out.add(items[rng.int(0, items.length - 1)] as T);
    return [...out];
  };
  const leadEntries = (items: readonly { profileId: string }[]) => added(items.map((l) => l.profileId));
  const added = (ids: string[]) => {
    let t = SALES_EPOCH - rng.int(1, 5) * DAY_MS;
    return ids.map((id) => {
      t -= rng.int(0, 3) * 3_600_000;
      return { id, addedAt: t };
    });
  };
  const listId = (i: number) => `73716586873600${String(m).padStart(2, '0')}${String(i).padStart(3, '0')}`;
  const created = () => SALES_EPOCH - rng.int(30, 400) * DAY_MS;
  const lists: SalesList[] = [
    {
      id: listId(1),
      kind: 'LEAD',
      name: 'Decision makers',
      entries: leadEntries(sample(senior, 60)),
      createdAt: created(),
    },
    {
      id: listId(2),
      kind: 'LEAD',
      name: 'Event leads',
      entries: leadEntries(sample(listed, 250)),
      createdAt: created(),
    },
    {
      id: listId(3),
      kind: 'ACCOUNT',
      name: 'Target accounts',
      entries: added(sample(sales.accounts, 40).map((a) => String(a.salesId))),
      createdAt: created(),
    },
    {
      id: listId(4),
      kind: 'ACCOUNT',
      name: 'Partners',
      entries: added(sample(sales.accounts, 15).map((a) => String(a.salesId))),
      createdAt: created(),
    },
  ];
  return { savedSearches, recentSearches, lists };
}
