import { catalogueFilters } from '@/shared/catalogue-filters';
import { SAVED_SEARCH_NAME_MAX, type SavedSearchKind, type SavedSearchQuery } from '@/shared/saved-searches';

/**
 * The name the save dialog offers for a search: what it narrows to, as the filters show it ('Seed,
 * Fintech, Germany, “payments”, good fit'), or 'All investors'. Cut to the longest name allowed.
 */
export function suggestedName(kind: SavedSearchKind, query: SavedSearchQuery): string {
  const parts: string[] = [];
  for (const filter of catalogueFilters(kind)) {
    const value = query[filter.searchKey];
    if (value === undefined) continue;
    for (const item of (Array.isArray(value) ? value : [value]).map(String)) {
      parts.push(filter.match === 'range' ? (filter.ladder.find((bucket) => bucket.value === item)?.label ?? item) : item);
    }
  }
  if (typeof query.search_term === 'string' && query.search_term) parts.push(`“${query.search_term}”`);
  if (query.min_fit !== undefined) parts.push('good fit');
  const name = parts.length > 0 ? parts.join(', ') : `All ${kind}`;
  return name.length <= SAVED_SEARCH_NAME_MAX ? name : `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`;
}
