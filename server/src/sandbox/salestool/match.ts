/**
 * Filter semantics (§6, [inf]): within a filter its INCLUDED values are alternatives (OR), filters
 * must all hold (AND), and a value marked EXCLUDED removes what it matches. A value is matched by
 * its id when it has one (only ids are semantic, §1.3) and by its text otherwise.
 */
import type { FilterValue, SearchFilter, SearchKind, SearchQuery } from '../../../../lib/salesnav/filters.ts';
import { isKnownFilterType } from '../../../../lib/salesnav/filters.ts';
import { functionWeights } from '../world/career.ts';
import { geoIdsOf, locationText } from '../world/geo-data.ts';
import type { Member, MemberAssets } from '../world/members.ts';
import {
  COMPANY_TYPES,
  FOLLOWER_BUCKETS,
  FORTUNE_BUCKETS,
  FUNCTIONS,
  functionId,
  headcountRange,
  INDUSTRY_IDS,
  RELATIONSHIPS,
  SENIORITIES,
  USD_PER_UNIT,
  yearsBucket,
} from '../world/sales-catalog.ts';
import { DAY_MS, monthsBetween } from '../world/timeline.ts';
import type { Account, Company } from '../world/types.ts';
import { compileKeywords, hasPhrase, normaliseText } from './keywords.ts';
import type { AccountView, DayView, LeadView } from './world-view.ts';

/** A query the simulator cannot run: the API answers 400, as the tool does to what it cannot read. */
export class QueryError extends Error {}

export interface MatchContext {
  readonly seed: string;
  readonly member: Member;
  readonly assets: MemberAssets;
  readonly day: DayView;
  readonly t: number;
}

type Pred<V> = (v: V) => boolean;

export interface CompiledFilter<V> {
  readonly type: string;
  readonly include?: Pred<V>;
  readonly exclude?: Pred<V>;
}

export interface CompiledQuery<V> {
  readonly keywords?: Pred<V>;
  readonly filters: readonly CompiledFilter<V>[];
}

export type Verdict = { pass: true } | { pass: false; nearMiss: boolean; failed: string[] };

/** How an entity fares against a query: a near miss fails exactly one filter's included values. */
export function judge<V>(query: CompiledQuery<V>, v: V): Verdict {
  if (query.keywords && !query.keywords(v)) return { pass: false, nearMiss: false, failed: ['KEYWORDS'] };
  const failed: string[] = [];
  let excluded = false;
  for (const f of query.filters) {
    if (f.exclude?.(v)) {
      excluded = true;
      failed.push(f.type);
    } else if (f.include && !f.include(v)) failed.push(f.type);
  }
  if (failed.length === 0) return { pass: true };
  return { pass: false, nearMiss: !excluded && failed.length === 1, failed };
}

export function compileQuery(kind: 'LEAD', query: SearchQuery, ctx: MatchContext): CompiledQuery<LeadView>;
export function compileQuery(kind: 'ACCOUNT', query: SearchQuery, ctx: MatchContext): CompiledQuery<AccountView>;
export function compileQuery(
  kind: SearchKind,
  query: SearchQuery,
  ctx: MatchContext,
): CompiledQuery<LeadView | AccountView> {
  const predicateOf = kind === 'LEAD' ? leadValue : accountValue;
  const rangeOf = kind === 'LEAD' ? () => undefined : accountRange;
  const filters = query.filters.map((filter): CompiledFilter<never> => {
    if (!isKnownFilterType(kind, filter.type)) {
      throw new QueryError(`filter type ${filter.type} is not a ${kind === 'LEAD' ? 'lead' : 'account'} search filter`);
    }
    if (filter.rangeValue) {
      const range = (rangeOf as (f: SearchFilter, c: MatchContext) => Pred<never> | undefined)(filter, ctx);
      if (!range) throw new QueryError(`filter type ${filter.type} takes values, not a rangeValue`);
      return { type: filter.type, include: range };
    }
    const values = filter.values ?? [];
    const match = (value: FilterValue) =>
      (predicateOf as (f: SearchFilter, v: FilterValue, c: MatchContext) => Pred<never>)(filter, value, ctx);
    const included = values.filter((v) => v.selectionType === 'INCLUDED').map(match);
    const excluded = values.filter((v) => v.selectionType === 'EXCLUDED').map(match);
    return {
      type: filter.type,
      ...(included.length > 0 ? { include: (v: never) => included.some((p) => p(v)) } : {}),
      ...(excluded.length > 0 ? { exclude: (v: never) => excluded.some((p) => p(v)) } : {}),
    };
  });
  const keywordText = [
    query.keywords,
    ...query.filters
      .filter((f) => f.type === 'KEYWORDS')
      .flatMap((f) => f.values?.map((v) => v.text ?? v.id ?? '') ?? []),
  ]
    .filter((k): k is string => !!k && k.trim() !== '')
    .join(' ');
  if (keywordText === '') return { filters: filters as CompiledFilter<LeadView | AccountView>[] };
  const words = compileKeywords(keywordText);
  const keywords =
    kind === 'LEAD'
      ? (v: LeadView) => words(leadText(v))
      : (v: AccountView) =>
          words(
            normaliseText(
              [v.company.name, v.company.industry, v.account.description, ...v.account.specialties].join(' '),
            ),
          );
  return {
    keywords: keywords as Pred<LeadView | AccountView>,
    filters: filters as CompiledFilter<LeadView | AccountView>[],
  };
}

const textCache = new WeakMap<LeadView, string>();
function leadText(v: LeadView): string {
  let text = textCache.get(v);
  if (text === undefined) {
    text = normaliseText(
      [
        v.person.fullName,
        ...v.state.current.map((p) => p.title),
        v.company.name,
        ...v.lead.skills,
        v.lead.summary,
        locationText(v.city),
      ].join(' '),
    );
    textCache.set(v, text);
  }
  return text;
}

/** A pseudo-random number in [0, 1) for a tuple: FNV-1a, enough to decide opaque filters stably. */
export function unit(...parts: (string | number)[]): number {
  const text = parts.join('|');
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

/** The degree of a lead to the viewing member: 3 % first, 30 % second, the rest third. [inf] */
export function degreeOf(seed: string, member: Member, memberId: number): 1 | 2 | 3 {
  const u = unit(seed, 'degree', member.key, memberId);
  return u < 0.03 ? 1 : u < 0.33 ? 2 : 3;
}

const num = (value: FilterValue): number => Number(value.id);
const sameText = (a: string, b: string | undefined): boolean =>
  b !== undefined && normaliseText(a) === normaliseText(b);

/** `urn:li:organization:1441`, `urn:li:fs_salesCompany:1441` or `1441` (§4.4). */
function companyMatcher(value: FilterValue): (company: Company, account: Account) => boolean {
  const id = value.id?.replace(/^urn:li:(?:organization|fs_salesCompany|company):/, '');
  if (id !== undefined && /^\d+$/.test(id)) return (_, account) => account.salesId === Number(id);
  const text = value.text ?? value.id ?? '';
  return (company) => hasPhrase(normaliseText(company.name), text);
}

function listHas(ctx: MatchContext, kind: SearchKind, id: string | undefined, entry: string): boolean {
  return ctx.assets.lists.some(
    (l) => l.kind === kind && (id === undefined || l.id === id) && l.entries.some((e) => e.id === entry),
  );
}

/** Tenure at the current company: back through contiguous roles there (a promotion keeps tenure). */
export function companyStart(v: LeadView): number {
  let start = v.position.startedAt;
  for (const past of v.state.past) {
    if (past.companyIndex === v.position.companyIndex && past.endedAt === start) start = past.startedAt;
  }
  return start;
}

export function careerStart(v: LeadView): number {
  const all = [...v.state.current, ...v.state.past];
  return Math.min(...all.map((p) => p.startedAt));
}

function leadValue(filter: SearchFilter, value: FilterValue, ctx: MatchContext): Pred<LeadView> {
  const { seed, member, t } = ctx;
  const text = value.text;
  const opaque = (rate: number) => (v: LeadView) =>
    unit(seed, filter.type, value.id ?? text ?? '', member.key, v.lead.memberId) < rate;
  switch (filter.type) {
    case 'CURRENT_COMPANY':
    case 'COMPANY_ID': {
      const m = companyMatcher(value);
      return (v) => m(v.company, v.account);
    }
    case 'PAST_COMPANY': {
      const m = companyMatcher(value);
      const accounts = ctx.day.accounts;
      return (v) =>
        v.state.past.some((p) => {
          const a = accounts[p.companyIndex];
          return !!a && m(a.company, a.account);
        });
    }
    case 'COMPANY_HEADCOUNT':
      return (v) => {
        const r = headcountRange(v.company.headcount);
        return value.id !== undefined ? r.id === value.id : sameText(r.label, text);
      };
    case 'COMPANY_TYPE':
      return (v) =>
        value.id !== undefined
          ? v.account.type === value.id
          : sameText(COMPANY_TYPES[v.account.type as keyof typeof COMPANY_TYPES] ?? '', text);
    case 'COMPANY_HEADQUARTERS': {
      return geoMatcher(value, (v: LeadView) => ctx.day.accounts[v.company.index]?.hq);
    }
    case 'FUNCTION':
      return (v) =>
        value.id !== undefined
          ? functionId(v.position.functionName) === num(value)
          : sameText(v.position.functionName, text);
    case 'CURRENT_TITLE':
    case 'TITLE': {
      const past = filter.type === 'TITLE' && filter.selectedSubFilter === 'PAST';
      const m = titleMatcher(value);
      return (v) => (past ? v.state.past : v.state.current).some(m);
    }
    case 'PAST_TITLE': {
      const m = titleMatcher(value);
      return (v) => v.state.past.some(m);
    }
    case 'SENIORITY_LEVEL':
      return (v) =>
        value.id !== undefined
          ? v.position.seniority === num(value)
          : sameText(SENIORITIES.find((s) => s.id === v.position.seniority)?.label ?? '', text);
    case 'YEARS_AT_CURRENT_COMPANY':
      return (v) => yearsBucket(monthsBetween(companyStart(v), t)) === num(value);
    case 'YEARS_IN_CURRENT_POSITION':
      return (v) => yearsBucket(monthsBetween(v.position.startedAt, t)) === num(value);
    case 'YEARS_OF_EXPERIENCE':
      return (v) => yearsBucket(monthsBetween(careerStart(v), t)) === num(value);
    case 'REGION':
    case 'GEOGRAPHY':
      return geoMatcher(value, (v: LeadView) => v.city);
    case 'POSTAL_CODE':
      return (v) => v.city.postalCode === (value.id ?? text);
    case 'INDUSTRY':
      return (v) =>
        value.id !== undefined ? INDUSTRY_IDS[v.company.industry] === num(value) : sameText(v.company.industry, text);
    case 'FIRST_NAME':
      return (v) => sameText(v.person.firstName, text ?? value.id);
    case 'LAST_NAME':
      return (v) => sameText(v.person.lastName, text ?? value.id);
    case 'PROFILE_LANGUAGE':
      return (v) => v.lead.language === value.id;
    case 'SCHOOL':
      return (v) =>
        v.lead.educations.some((e) =>
          value.id !== undefined ? e.schoolId === num(value) : hasPhrase(normaliseText(e.schoolName), text ?? ''),
        );
    case 'RELATIONSHIP': {
      const degree = RELATIONSHIPS[value.id as keyof typeof RELATIONSHIPS];
      return (v) => degree !== undefined && degreeOf(seed, member, v.lead.memberId) === degree;
    }
    case 'RECENTLY_CHANGED_JOBS':
      return (v) => t - v.position.startedAt < 90 * DAY_MS;
    case 'POSTED_ON_LINKEDIN':
      return (v) => unit(seed, 'posted', Math.floor(t / (30 * DAY_MS)), v.lead.memberId) < 0.15;
    case 'LEAD_LIST':
      return (v) => listHas(ctx, 'LEAD', value.id, v.lead.profileId);
    case 'ACCOUNT_LIST':
      return (v) => listHas(ctx, 'ACCOUNT', value.id, String(v.account.salesId));
    case 'SAVED_LEADS_AND_ACCOUNTS':
      return value.id === 'SA'
        ? (v) => listHas(ctx, 'ACCOUNT', undefined, String(v.account.salesId))
        : (v) => listHas(ctx, 'LEAD', undefined, v.lead.profileId);
    case 'KEYWORDS':
      return () => true; // folded into the keywords predicate
    default:
      // [inf] filters about the viewer's own network and activity (follows, views, CRM, groups,
      // personas…): a stable few percent of leads have each, per member.
      return opaque(0.05);
  }
}

function titleMatcher(value: FilterValue): (p: { titleId: number; title: string }) => boolean {
  if (value.id !== undefined && /^\d+$/.test(value.id)) {
    const id = Number(value.id);
    return (p) => p.titleId === id;
  }
  const text = value.text ?? value.id ?? '';
  return (p) => hasPhrase(normaliseText(p.title), text);
}

function geoMatcher<V>(value: FilterValue, cityOf: (v: V) => import('../world/geo-data.ts').City | undefined): Pred<V> {
  if (value.id !== undefined && /^\d+$/.test(value.id)) {
    const id = Number(value.id);
    return (v) => {
      const city = cityOf(v);
      return !!city && geoIdsOf(city).includes(id);
    };
  }
  const text = value.text ?? value.id ?? '';
  return (v) => {
    const city = cityOf(v);
    return !!city && hasPhrase(normaliseText(locationText(city)), text);
  };
}

function accountValue(filter: SearchFilter, value: FilterValue, ctx: MatchContext): Pred<AccountView> {
  const { seed, member, t } = ctx;
  const opaque = (rate: number) => (v: AccountView) =>
    unit(seed, filter.type, value.id ?? value.text ?? '', member.key, v.account.salesId) < rate;
  switch (filter.type) {
    case 'COMPANY_HEADCOUNT':
      return (v) => {
        const r = headcountRange(v.company.headcount);
        return value.id !== undefined ? r.id === value.id : sameText(r.label, value.text);
      };
    case 'REGION':
    case 'HEADQUARTERS_LOCATION':
      return geoMatcher(value, (v: AccountView) => v.hq);
    case 'POSTAL_CODE':
      return (v) => v.hq.postalCode === (value.id ?? value.text);
    case 'INDUSTRY':
      return (v) =>
        value.id !== undefined
          ? INDUSTRY_IDS[v.company.industry] === num(value)
          : sameText(v.company.industry, value.text);
    case 'NUM_OF_FOLLOWERS':
      return (v) =>
        FOLLOWER_BUCKETS.find((b) => v.account.followers >= b.min && v.account.followers <= b.max)?.id === value.id;
    case 'FORTUNE':
      return (v) => {
        const rank = v.account.fortuneRank;
        return rank !== undefined && FORTUNE_BUCKETS.find((b) => rank >= b.min && rank <= b.max)?.id === num(value);
      };
    case 'JOB_OPPORTUNITIES':
      return (v) => v.account.hiring;
    case 'ACCOUNT_ACTIVITIES':
      if (value.id === 'RFE') return (v) => v.account.fundingAt.some((at) => at <= t && at > t - 365 * DAY_MS);
      // SLC: someone at vice-president level or above took a role there in the last 3 months.
      return (v) =>
        (ctx.day.employees.get(v.company.index) ?? []).some(
          (e) => e.position.seniority >= 300 && t - e.position.startedAt < 91 * DAY_MS,
        );
    case 'RELATIONSHIP': {
      const u = (v: AccountView) => unit(seed, 'account-degree', member.key, v.account.salesId);
      if (value.id === 'F') return (v) => u(v) < 0.1;
      if (value.id === 'S') return (v) => u(v) < 0.6;
      return () => true;
    }
    case 'SAVED_ACCOUNTS':
      return (v) => listHas(ctx, 'ACCOUNT', undefined, String(v.account.salesId));
    case 'ACCOUNT_LIST':
      return (v) => listHas(ctx, 'ACCOUNT', value.id, String(v.account.salesId));
    case 'KEYWORDS':
      return () => true;
    default:
      return opaque(0.05); // [inf] ACCOUNTS_IN_CRM, TECHNOLOGIES_USED: a stable few percent
  }
}

/** The share of a company's staff in each function: its department headcounts. */
export function departmentHeadcount(company: Company, functionIdValue: number): number {
  const weights = functionWeights(company.industry);
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const name = FUNCTIONS[functionIdValue - 1];
  const w = weights.find(([n]) => n === name)?.[1] ?? 0;
  return Math.round((company.headcount * w) / total);
}

function accountRange(filter: SearchFilter, ctx: MatchContext): Pred<AccountView> | undefined {
  const min = filter.rangeValue?.min ?? Number.NEGATIVE_INFINITY;
  const rawMax = filter.rangeValue?.max ?? Number.POSITIVE_INFINITY;
  const within = (x: number, max = rawMax) => x >= min && x <= max;
  switch (filter.type) {
    case 'ANNUAL_REVENUE': {
      const rate = USD_PER_UNIT[filter.selectedSubFilter ?? 'USD'];
      if (rate === undefined)
        throw new QueryError(`ANNUAL_REVENUE currency ${filter.selectedSubFilter} is not one the tool takes`);
      // 1001 is the "1000+" sentinel (§4.4).
      const max = rawMax >= 1001 ? Number.POSITIVE_INFINITY : rawMax;
      return (v) => within(v.account.revenueUsdM / rate, max);
    }
    case 'COMPANY_HEADCOUNT_GROWTH':
      return (v) => within(v.account.growthPercent);
    case 'DEPARTMENT_HEADCOUNT': {
      const fn = Number(filter.selectedSubFilter);
      return (v) => within(departmentHeadcount(v.company, fn));
    }
    case 'DEPARTMENT_HEADCOUNT_GROWTH': {
      const fn = filter.selectedSubFilter ?? '';
      return (v) =>
        within(v.account.growthPercent + Math.round((unit(ctx.seed, 'dept-growth', fn, v.account.salesId) - 0.5) * 20));
    }
    default:
      return undefined;
  }
}
