/**
 * What a schedule runs, and what makes two schedules the same search. Every schedule runs a saved
 * search on its seat (a run reads "what is new since" from it). A search given by its filters is
 * the same search whatever order its filters and values come in, whatever language their labels
 * are in (only ids are semantic, §1.3) and whatever session state its URL carries. A saved search
 * is the same as itself.
 */
import type { FilterValue, SearchFilter, SearchKind, SearchQuery } from '../../../lib/salesnav/filters.ts';
import { serialiseSearchQuery, withoutSessionState } from '../../../lib/salesnav/search-query.ts';

const valueKey = (v: FilterValue) => `${v.id ?? `text:${v.text ?? ''}`}|${v.selectionType}`;

function canonicalFilter(filter: SearchFilter): SearchFilter {
  if (!filter.values) return filter;
  const values = [...filter.values]
    .map(({ text, ...rest }) => (rest.id === undefined ? { ...rest, text } : rest) as FilterValue)
    .sort((a, b) => (valueKey(a) < valueKey(b) ? -1 : valueKey(a) > valueKey(b) ? 1 : 0));
  return { ...filter, values };
}

export function queryKey(kind: SearchKind, query: SearchQuery): string {
  const bare = withoutSessionState(query);
  const filters = bare.filters.map(canonicalFilter).sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return `query:${kind}:${serialiseSearchQuery({ ...bare, filters })}`;
}

/** Saved-search ids are the tool's own, unique across members. */
export const savedSearchKey = (kind: SearchKind, savedSearchId: string): string => `saved:${kind}:${savedSearchId}`;
