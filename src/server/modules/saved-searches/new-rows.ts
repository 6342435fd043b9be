// A saved search's new rows: those added to the catalogue after it was last seen that match it, counted
// and paged by its kind's search (the in-memory index when it is current, else SQL, exactly alike).
import type { FitProfile } from '../../../shared/fit.js';
import type { SavedSearch } from '../../../shared/saved-searches.js';
import type { CatalogueSearches } from '../catalogue/plugin.js';
import type { SearchResult } from '../catalogue/search.js';
import { savedSearchFilter } from './saved-query.js';
import type { StoredSavedSearch } from './saved-search-store.js';

/** The saved search as answered, with its count of new rows. */
function answered(search: StoredSavedSearch, newCount: number): SavedSearch {
  return {
    id: search.id,
    name: search.name,
    kind: search.kind,
    query: search.query,
    alert: search.alert,
    new_count: newCount,
    last_seen_at: search.last_seen_at.toISOString(),
    created_at: search.created_at.toISOString(),
  };
}

/** How many rows matching the search were added after it was last seen, in the catalogue of `version`. */
function newCount(catalogue: CatalogueSearches, search: StoredSavedSearch, version: number, profile: FitProfile | null) {
  const { filter, fit } = savedSearchFilter(search.kind, search.query, { after: search.seenMicros }, profile);
  return catalogue[search.kind].count(version, filter, fit);
}

/** The saved searches as answered, each with its new rows counted in the catalogue of `version`. */
export async function withNewCounts(
  catalogue: CatalogueSearches,
  searches: StoredSavedSearch[],
  version: number,
  profile: FitProfile | null,
): Promise<SavedSearch[]> {
  const counts = await Promise.all(searches.map((search) => newCount(catalogue, search, version, profile)));
  return searches.map((search, k) => answered(search, counts[k]));
}

/** One page of the search's new rows, in its search's order, each scored by the profile. */
export function newRowsPage(
  catalogue: CatalogueSearches,
  search: StoredSavedSearch,
  profile: FitProfile | null,
  page: number,
  perPage: number,
): Promise<SearchResult> {
  const { filter, fit } = savedSearchFilter(search.kind, search.query, { after: search.seenMicros }, profile);
  return catalogue[search.kind].search(filter, page, perPage, profile, fit);
}
