/**
 * The typed filter model (filters.ts) read from and written to Rest.li (restli.ts). Reading is
 * strict about the shape §4.1 gives (a value needs a selectionType and an id or a text; a filter
 * needs values or a range) and about filter types (the catalogue for the search's kind), because
 * the service turns a refusal into a 422 before a seat's session is spent on a URL LinkedIn would
 * answer with a 400. Fields the model does not know are kept in `extra`, not dropped.
 */
import {
  type FilterValue,
  isKnownFilterType,
  type SearchFilter,
  type SearchKind,
  type SearchQuery,
  type SelectionType,
} from './filters.ts';
import { isRestliRecord, parseRestli, type RestliRecord, type RestliValue, serialiseRestli } from './restli.ts';

export type QueryResult =
  | { ok: true; value: SearchQuery }
  | { ok: false; reason: string; rule: 'malformed-query' | 'unknown-filter-type' };

class QueryShapeError extends Error {}
class UnknownFilterTypeError extends Error {}

const FILTER_TYPE = /^[A-Z][A-Z0-9_]*$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Reads the decoded `query` parameter of a search URL of this kind. */
export function parseSearchQuery(kind: SearchKind, text: string): QueryResult {
  const parsed = parseRestli(text);
  if (!parsed.ok) return { ok: false, reason: `query is not valid Rest.li: ${parsed.reason}`, rule: 'malformed-query' };
  try {
    return { ok: true, value: readQuery(kind, parsed.value) };
  } catch (error) {
    if (error instanceof QueryShapeError) return { ok: false, reason: error.message, rule: 'malformed-query' };
    if (error instanceof UnknownFilterTypeError)
      return { ok: false, reason: error.message, rule: 'unknown-filter-type' };
    throw error;
  }
}

/** The canonical Rest.li text of a query: known fields in the order the UI writes them, then extras. */
export function serialiseSearchQuery(query: SearchQuery): string {
  return serialiseRestli(queryToRestli(query));
}

/**
 * The query without the UI's recent-search bookkeeping, for comparing and replaying searches: two
 * visits to one search differ only in `recentSearchParam` ("session cruft; safe to drop", §1.2).
 */
export function withoutSessionState(query: SearchQuery): SearchQuery {
  const { recentSearchParam: _, ...rest } = query;
  return rest;
}

function readQuery(kind: SearchKind, value: RestliValue): SearchQuery {
  const { spellCorrectionEnabled, recentSearchParam, keywords, filters, ...extra } = record(value, 'query');
  const query: SearchQuery = { filters: filters === undefined ? [] : list(filters, 'filters').map(readFilter(kind)) };
  if (spellCorrectionEnabled !== undefined)
    query.spellCorrectionEnabled = bool(spellCorrectionEnabled, 'spellCorrectionEnabled');
  if (recentSearchParam !== undefined) {
    const { id, doLogHistory, ...rest } = record(recentSearchParam, 'recentSearchParam');
    noExtra(rest, 'recentSearchParam');
    query.recentSearchParam = {};
    if (id !== undefined) query.recentSearchParam.id = leaf(id, 'recentSearchParam.id');
    if (doLogHistory !== undefined) query.recentSearchParam.doLogHistory = bool(doLogHistory, 'doLogHistory');
  }
  if (keywords !== undefined) query.keywords = leaf(keywords, 'keywords');
  if (Object.keys(extra).length > 0) query.extra = extra;
  return query;
}

const readFilter =
  (kind: SearchKind) =>
  (value: RestliValue, index: number): SearchFilter => {
    const where = `filter ${index + 1}`;
    const { type, values, rangeValue, selectedSubFilter, subFilter, ...extra } = record(value, where);
    if (type === undefined) throw new QueryShapeError(`${where} has no type`);
    const name = leaf(type, `${where} type`);
    if (!FILTER_TYPE.test(name)) throw new QueryShapeError(`${where} has a malformed type '${name}'`);
    // A filter of the other kind of search is refused; a type neither catalogue knows is kept as
    // data, because the live tool adds filters and a URL copied from it must still be accepted.
    const other: SearchKind = kind === 'LEAD' ? 'ACCOUNT' : 'LEAD';
    if (!isKnownFilterType(kind, name) && isKnownFilterType(other, name)) {
      const search = kind === 'LEAD' ? 'people' : 'company';
      throw new UnknownFilterTypeError(`filter type ${name} is not a Sales Navigator ${search} search filter`);
    }
    if (values === undefined && rangeValue === undefined)
      throw new QueryShapeError(`${name} has neither values nor rangeValue`);
    const filter: SearchFilter = { type: name };
    if (values !== undefined) filter.values = list(values, `${name} values`).map((v) => readValue(v, name));
    if (rangeValue !== undefined) filter.rangeValue = readRange(rangeValue, name);
    if (selectedSubFilter !== undefined)
      filter.selectedSubFilter = leaf(selectedSubFilter, `${name} selectedSubFilter`);
    if (subFilter !== undefined) filter.subFilter = record(subFilter, `${name} subFilter`);
    if (Object.keys(extra).length > 0) filter.extra = extra;
    return filter;
  };

function readValue(value: RestliValue, type: string): FilterValue {
  const { id, text, selectionType, parent, ...extra } = record(value, `${type} value`);
  if (id === undefined && text === undefined) throw new QueryShapeError(`a ${type} value has neither id nor text`);
  if (selectionType === undefined) throw new QueryShapeError(`a ${type} value has no selectionType`);
  const selection = leaf(selectionType, `${type} selectionType`);
  if (selection !== 'INCLUDED' && selection !== 'EXCLUDED') {
    throw new QueryShapeError(`a ${type} value has selectionType '${selection}', not INCLUDED or EXCLUDED`);
  }
  const result: FilterValue = { selectionType: selection satisfies SelectionType };
  if (id !== undefined) result.id = leaf(id, `${type} id`);
  if (text !== undefined) result.text = leaf(text, `${type} text`);
  if (parent !== undefined) result.parent = record(parent, `${type} parent`);
  if (Object.keys(extra).length > 0) result.extra = extra;
  return result;
}

function readRange(value: RestliValue, type: string): { min?: number; max?: number } {
  const { min, max, ...rest } = record(value, `${type} rangeValue`);
  noExtra(rest, `${type} rangeValue`);
  const range: { min?: number; max?: number } = {};
  if (min !== undefined) range.min = number(min, `${type} min`);
  if (max !== undefined) range.max = number(max, `${type} max`);
  return range;
}

function queryToRestli(query: SearchQuery): RestliRecord {
  const out: RestliRecord = {};
  if (query.spellCorrectionEnabled !== undefined) out.spellCorrectionEnabled = String(query.spellCorrectionEnabled);
  if (query.recentSearchParam !== undefined) {
    const { id, doLogHistory } = query.recentSearchParam;
    out.recentSearchParam = {
      ...(id !== undefined && { id }),
      ...(doLogHistory !== undefined && { doLogHistory: String(doLogHistory) }),
    };
  }
  if (query.keywords !== undefined) out.keywords = query.keywords;
  out.filters = query.filters.map(filterToRestli);
  return withExtra(out, query.extra);
}

function filterToRestli(filter: SearchFilter): RestliRecord {
  const out: RestliRecord = { type: filter.type };
  if (filter.values !== undefined) out.values = filter.values.map(valueToRestli);
  if (filter.rangeValue !== undefined) {
    const { min, max } = filter.rangeValue;
    out.rangeValue = { ...(min !== undefined && { min: String(min) }), ...(max !== undefined && { max: String(max) }) };
  }
  if (filter.selectedSubFilter !== undefined) out.selectedSubFilter = filter.selectedSubFilter;
  if (filter.subFilter !== undefined) out.subFilter = filter.subFilter;
  return withExtra(out, filter.extra);
}

function valueToRestli(value: FilterValue): RestliRecord {
  const out: RestliRecord = {};
  if (value.id !== undefined) out.id = value.id;
  if (value.text !== undefined) out.text = value.text;
  out.selectionType = value.selectionType;
  if (value.parent !== undefined) out.parent = value.parent;
  return withExtra(out, value.extra);
}

/** Extras go after the known fields and never replace one. */
function withExtra(out: RestliRecord, extra: RestliRecord | undefined): RestliRecord {
  for (const [key, value] of Object.entries(extra ?? {})) {
    // defineProperty, not assignment: an extra named __proto__ must stay data.
    if (!Object.hasOwn(out, key)) Object.defineProperty(out, key, { value, enumerable: true, writable: true });
  }
  return out;
}

function record(value: RestliValue, where: string): RestliRecord {
  if (!isRestliRecord(value)) throw new QueryShapeError(`${where} must be a (key:value,…) record`);
  return value;
}
function list(value: RestliValue, where: string): RestliValue[] {
  if (!Array.isArray(value)) throw new QueryShapeError(`${where} must be a List(…)`);
  return value;
}
function leaf(value: RestliValue, where: string): string {
  if (typeof value !== 'string') throw new QueryShapeError(`${where} must be a plain value`);
  return value;
}
function bool(value: RestliValue, where: string): boolean {
  const text = leaf(value, where);
  if (text !== 'true' && text !== 'false') throw new QueryShapeError(`${where} must be true or false`);
  return text === 'true';
}
function number(value: RestliValue, where: string): number {
  const text = leaf(value, where);
  if (!NUMBER.test(text)) throw new QueryShapeError(`${where} must be a number, not '${text}'`);
  return Number(text);
}
function noExtra(rest: RestliRecord, where: string): void {
  const keys = Object.keys(rest);
  if (keys.length > 0) throw new QueryShapeError(`${where} has an unexpected field '${keys[0]}'`);
}
