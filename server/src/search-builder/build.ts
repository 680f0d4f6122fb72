/**
 * What the parser understood, turned into a Sales Navigator search of the asked kind: the filter
 * types that kind has (protocol §4.2 people, §4.3 accounts), exclusions where the tool allows them
 * (and, where it does not, the complement of a closed table), the URL (lib/salesnav) and the
 * `filters_used` summary (decisions.md: labels by filter type, `NOT ` before excluded ones, a
 * `keywords` key when free text was used).
 */
import {
  buildSearchUrl,
  EXCLUDABLE_LEAD_FILTERS,
  FILTER_TYPES,
  type FilterValue,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
} from '../../../lib/salesnav/index.ts';
import { COMPANY_TYPES, HEADCOUNT, type Value, YEARS } from './lexicon.ts';
import { type Pick, type RangePick, type Understood, understand } from './parse.ts';

export interface BuiltSearch {
  url: string;
  query: SearchQuery;
  filters_used: Record<string, string[]>;
}

/** People-search types, as the parser names them, to the account search's. Absent: no account filter. */
const ACCOUNT_TYPE: Record<string, string> = {
  COMPANY_HEADCOUNT: 'COMPANY_HEADCOUNT',
  INDUSTRY: 'INDUSTRY',
  REGION: 'REGION',
  COMPANY_HEADQUARTERS: 'REGION',
  NUM_OF_FOLLOWERS: 'NUM_OF_FOLLOWERS',
  FORTUNE: 'FORTUNE',
  JOB_OPPORTUNITIES: 'JOB_OPPORTUNITIES',
  ACCOUNT_ACTIVITIES: 'ACCOUNT_ACTIVITIES',
  RELATIONSHIP: 'RELATIONSHIP',
};
/** Account filters whose values may be excluded ([inf] the account UI's exclude toggles). */
const EXCLUDABLE_ACCOUNT_FILTERS = new Set(['REGION', 'INDUSTRY']);
/** Closed tables a non-excludable exclusion is turned into the complement of. */
const COMPLEMENTS: Record<string, readonly Value[]> = {
  COMPANY_HEADCOUNT: HEADCOUNT.map((h) => ({ id: h.id, label: h.label })),
  COMPANY_TYPE: COMPANY_TYPES.map((c) => ({ id: c.id, label: c.label })),
  YEARS_OF_EXPERIENCE: YEARS.map((y) => ({ id: y.id, label: y.label })),
  YEARS_IN_CURRENT_POSITION: YEARS.map((y) => ({ id: y.id, label: y.label })),
  YEARS_AT_CURRENT_COMPANY: YEARS.map((y) => ({ id: y.id, label: y.label })),
};

export function buildSearch(description: string, kind: SearchKind): BuiltSearch {
  return searchFrom(understand(description), kind);
}

export function searchFrom(understood: Understood, kind: SearchKind): BuiltSearch {
  const byType = new Map<string, Pick[]>();
  for (const p of understood.picks) {
    const type = kind === 'LEAD' ? p.type : ACCOUNT_TYPE[p.type];
    if (!type || !FILTER_TYPES[kind].includes(type)) continue;
    byType.set(type, [...(byType.get(type) ?? []), { ...p, type }]);
  }
  const excludable = kind === 'LEAD' ? EXCLUDABLE_LEAD_FILTERS : EXCLUDABLE_ACCOUNT_FILTERS;
  const filters: SearchFilter[] = [];
  const used: Record<string, string[]> = {};
  for (const type of FILTER_TYPES[kind]) {
    const picks = byType.get(type);
    const ranges = understood.ranges.filter((r) => r.type === type);
    if (kind === 'ACCOUNT' && ranges.length > 0) {
      const range = mergeRanges(ranges);
      filters.push({
        type,
        rangeValue: {
          ...(range.min !== undefined && { min: range.min }),
          ...(range.max !== undefined && { max: range.max }),
        },
        ...(range.sub !== undefined && { selectedSubFilter: range.sub }),
      });
      used[type] = [range.label];
      continue;
    }
    if (!picks) continue;
    const values = resolve(type, picks, excludable.has(type));
    if (values.length === 0) continue;
    filters.push({ type, values });
    used[type] = values.map((v) => `${v.selectionType === 'EXCLUDED' ? 'NOT ' : ''}${v.text}`);
  }
  const keywords = keywordText(understood.keywords);
  if (keywords !== undefined) used.keywords = understood.keywords.map((k) => `${k.excluded ? 'NOT ' : ''}${k.text}`);
  const query: SearchQuery = { ...(keywords !== undefined && { keywords }), filters };
  return { url: buildSearchUrl(kind, query), query, filters_used: used };
}

/** The values of one filter: each once, included before excluded; exclusions the tool cannot take become a complement. */
function resolve(type: string, picks: Pick[], excludable: boolean): FilterValue[] {
  const key = (v: Value) => v.id ?? v.label.toLowerCase();
  const included = new Map<string, Value>();
  const excluded = new Map<string, Value>();
  for (const p of picks) (p.excluded ? excluded : included).set(key(p.value), p.value);
  for (const k of included.keys()) excluded.delete(k);
  const value = (v: Value, selectionType: 'INCLUDED' | 'EXCLUDED'): FilterValue => ({
    ...(v.id !== undefined && { id: v.id }),
    text: v.label,
    selectionType,
  });
  if (excludable)
    return [
      ...[...included.values()].map((v) => value(v, 'INCLUDED')),
      ...[...excluded.values()].map((v) => value(v, 'EXCLUDED')),
    ];
  if (excluded.size > 0 && COMPLEMENTS[type]) {
    const base = included.size > 0 ? [...included.values()] : [...(COMPLEMENTS[type] ?? [])];
    return base.filter((v) => !excluded.has(key(v))).map((v) => value(v, 'INCLUDED'));
  }
  return [...included.values()].map((v) => value(v, 'INCLUDED'));
}

function mergeRanges(ranges: RangePick[]): RangePick {
  const first = ranges[0] as RangePick;
  if (ranges.length === 1) return first;
  const mins = ranges.map((r) => r.min).filter((x): x is number => x !== undefined);
  const maxes = ranges.map((r) => r.max).filter((x): x is number => x !== undefined);
  return {
    ...first,
    ...(mins.length > 0 && { min: Math.max(...mins) }),
    ...(maxes.length > 0 && { max: Math.min(...maxes) }),
    label: ranges.map((r) => r.label).join(', '),
  };
}

/** The keywords box: each leftover word or "phrase", NOT before excluded ones (§4.1 Boolean syntax). */
function keywordText(keywords: Understood['keywords']): string | undefined {
  if (keywords.length === 0) return undefined;
  return keywords
    .map((k) => {
      const text = k.text.replace(/["()]/g, ' ').replace(/\s+/g, ' ').trim();
      const term = /\s/.test(text) ? `"${text}"` : text;
      return k.excluded ? `NOT ${term}` : term;
    })
    .join(' ');
}
