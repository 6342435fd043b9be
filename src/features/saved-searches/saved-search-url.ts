// Opening a saved search: its query (the search call's own keys, as the catalogue page sent them) put
// back into the catalogue page's URL, so the page is the one that was saved. The reverse of the
// catalogue page's URL → query mapping, read from the same filter table (src/shared/catalogue-filters.ts).
import { catalogueFilters } from '@/shared/catalogue-filters';
import { FIT_SORT } from '@/shared/fit';
import type { SavedSearch, SavedSearchKind, SavedSearchQuery } from '@/shared/saved-searches';

/** A catalogue page's URL search, as the investors and funds routes read it. */
export interface CatalogueUrlSearch {
  search?: string;
  /** Always said: a saved search without `sort` is in the default order, whatever the page's default. */
  sort: typeof FIT_SORT | 'default';
  min_fit?: number;
  [filter: string]: string[] | string | number | undefined;
}

const ROUTES = { investors: '/investors', funds: '/funds' } as const satisfies Record<SavedSearchKind, string>;

const asStrings = (value: SavedSearchQuery[string]) => (Array.isArray(value) ? value : [value]).map(String).filter(Boolean);

/** The catalogue page's URL search holding a saved search's query; keys the kind does not know are left out. */
export function catalogueUrlSearch(kind: SavedSearchKind, query: SavedSearchQuery): CatalogueUrlSearch {
  const url: Partial<CatalogueUrlSearch> = {};
  // In the order the catalogue page writes its URL: multi-select filters, single choices, term, order, Good fit.
  const filters = catalogueFilters(kind);
  for (const filter of [...filters.filter((f) => !f.single), ...filters.filter((f) => f.single)]) {
    const value = query[filter.searchKey];
    if (value === undefined) continue;
    const values = asStrings(value);
    if (values.length > 0) url[filter.key] = filter.single ? values[0] : values;
  }
  if (typeof query.search_term === 'string' && query.search_term.trim() !== '') url.search = query.search_term;
  url.sort = query.sort === FIT_SORT ? FIT_SORT : 'default';
  const minFit = Number(query.min_fit);
  if (query.min_fit !== undefined && Number.isInteger(minFit)) url.min_fit = minFit;
  return url as CatalogueUrlSearch;
}

/** Where a saved search opens: its catalogue page with its query in the URL. */
export function savedSearchLocation(saved: Pick<SavedSearch, 'kind' | 'query'>) {
  return { to: ROUTES[saved.kind], search: catalogueUrlSearch(saved.kind, saved.query) };
}
