// A catalogue page's state as it lives in the URL: multi-select filters, single-choice filters, the
// search text, the order (by fit or the default) and the Good fit filter (min_fit), and the page. Any
// change of a filter, of the search or of the order goes back to page 1.
import { pageNumber, stringList, text } from '@/lib/search-params';
import { PAGE_SIZE } from '@/shared/constants';
import { FIT_SORT } from '@/shared/fit';
import { drawerFilters, type AnyCatalogueKind } from './catalogue-kind';

/** The order of a catalogue page: best fit first, or the default order. */
export type CatalogueSort = typeof FIT_SORT | 'default';

export interface CatalogueSearch {
  page?: number;
  search?: string;
  /** Absent: by fit once the founder has a startup profile, else the default order. */
  sort?: CatalogueSort;
  /** Only rows scoring at least this (the Good fit filter). */
  min_fit?: number;
  /** A multi-select filter's values or a single-choice filter's value, by the filter's key. */
  [filter: string]: string[] | string | number | undefined;
}

/** What 'More Filters' edits: its checklists' values and the single-choice filters. */
export type DrawerValues = Record<string, string[] | string | undefined>;

export function filterValues(search: CatalogueSearch, key: string): string[] {
  const values = search[key];
  return Array.isArray(values) ? values : [];
}

function singleValue(search: CatalogueSearch | DrawerValues, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' ? value : undefined;
}

/** Without empty filters and without the page. */
function restart(kind: AnyCatalogueKind, search: CatalogueSearch): CatalogueSearch {
  const next: CatalogueSearch = {};
  for (const { key } of kind.filters) {
    const values = filterValues(search, key);
    if (values.length > 0) next[key] = values;
  }
  for (const { key } of kind.singleFilters) {
    const value = singleValue(search, key);
    if (value) next[key] = value;
  }
  if (search.search) next.search = search.search;
  if (search.sort) next.sort = search.sort;
  if (search.min_fit !== undefined) next.min_fit = search.min_fit;
  return next;
}

/** validateSearch: well-formed values from whatever a shared link carries, never an exception. */
export function validateCatalogueSearch(kind: AnyCatalogueKind, raw: Record<string, unknown>): CatalogueSearch {
  const search: CatalogueSearch = {};
  for (const { key } of kind.filters) {
    const values = stringList(raw[key]);
    if (values) search[key] = values;
  }
  for (const { key, vocabulary } of kind.singleFilters) {
    const value = vocabulary.find((allowed) => allowed === raw[key]);
    if (value) search[key] = value;
  }
  const term = text(raw.search);
  if (term) search.search = term;
  if (raw.sort === FIT_SORT || raw.sort === 'default') search.sort = raw.sort;
  const minFit = Number(raw.min_fit);
  if (raw.min_fit !== undefined && raw.min_fit !== '' && Number.isInteger(minFit) && minFit >= 0 && minFit <= 100) {
    search.min_fit = minFit;
  }
  const page = pageNumber(raw.page);
  if (page) search.page = page;
  return search;
}

export function withFilter(kind: AnyCatalogueKind, search: CatalogueSearch, key: string, values: string[]): CatalogueSearch {
  return restart(kind, { ...search, [key]: values });
}

export function withSearchTerm(kind: AnyCatalogueKind, search: CatalogueSearch, term: string): CatalogueSearch {
  return restart(kind, { ...search, search: term || undefined });
}

export function withSort(kind: AnyCatalogueKind, search: CatalogueSearch, sort: CatalogueSort): CatalogueSearch {
  return restart(kind, { ...search, sort });
}

/** The Good fit filter set (a minimum score) or cleared (undefined). */
export function withMinFit(kind: AnyCatalogueKind, search: CatalogueSearch, minFit: number | undefined): CatalogueSearch {
  return restart(kind, { ...search, min_fit: minFit });
}

/** Whether the page is in fit order: asked for, or by default once the rows can be ranked. */
export function sortsByFit(search: CatalogueSearch, ranked: boolean): boolean {
  return ranked && (search.sort ?? FIT_SORT) === FIT_SORT;
}

export function withPage(search: CatalogueSearch, page: number): CatalogueSearch {
  return { ...search, page: page > 1 ? page : undefined };
}

export function drawerValues(kind: AnyCatalogueKind, search: CatalogueSearch): DrawerValues {
  const values: DrawerValues = {};
  for (const { key } of drawerFilters(kind)) {
    if (Array.isArray(search[key])) values[key] = filterValues(search, key);
  }
  for (const { key } of kind.singleFilters) {
    const value = singleValue(search, key);
    if (value) values[key] = value;
  }
  return values;
}

export function withDrawerValues(kind: AnyCatalogueKind, search: CatalogueSearch, values: DrawerValues): CatalogueSearch {
  const cleared: CatalogueSearch = { ...search };
  for (const { key } of [...drawerFilters(kind), ...kind.singleFilters]) delete cleared[key];
  return restart(kind, { ...cleared, ...values });
}

/** Every filter emptied (Good fit too); the search text and the order stay. */
export function withoutFilters(kind: AnyCatalogueKind, search: CatalogueSearch): CatalogueSearch {
  return restart(kind, { search: search.search, sort: search.sort });
}

export function hasFilters(kind: AnyCatalogueKind, search: CatalogueSearch): boolean {
  return (
    kind.filters.some(({ key }) => filterValues(search, key).length > 0) ||
    kind.singleFilters.some(({ key }) => Boolean(singleValue(search, key))) ||
    search.min_fit !== undefined
  );
}

/** How many of the drawer's groups are set, for the badge on 'More Filters'. */
export function drawerFilterCount(kind: AnyCatalogueKind, search: CatalogueSearch): number {
  return (
    drawerFilters(kind).filter(({ key }) => filterValues(search, key).length > 0).length +
    kind.singleFilters.filter(({ key }) => Boolean(singleValue(search, key))).length
  );
}

/** How many filters are set, each counted once however many values it has: the phone's 'Filters' button. */
export function filterCount(kind: AnyCatalogueKind, search: CatalogueSearch, ranked: boolean): number {
  return (
    kind.filters.filter(({ key }) => filterValues(search, key).length > 0).length +
    kind.singleFilters.filter(({ key }) => Boolean(singleValue(search, key))).length +
    (ranked && search.min_fit !== undefined ? 1 : 0)
  );
}

/** A single-choice filter chosen or cleared (undefined). */
export function withSingleFilter(kind: AnyCatalogueKind, search: CatalogueSearch, key: string, value: string | undefined): CatalogueSearch {
  return restart(kind, { ...search, [key]: value });
}

/** The query of the search call; arrays go out as repeated keys without brackets. */
export type SearchQuery = Record<string, string | number | string[]>;

/**
 * A view's own keys of the search call (what a saved search keeps): each non-empty multi-select filter
 * under its query key, the search term, and each chosen single-choice filter under its query key. With
 * `ranked` (the founder has a startup profile) also the order by fit and min_fit; without, the server
 * would refuse them, so they wait in the URL until there is a profile. No `sort` means the default order.
 */
export function viewQuery(kind: AnyCatalogueKind, search: CatalogueSearch, ranked = false): SearchQuery {
  const query: SearchQuery = {};
  for (const filter of kind.filters) {
    const values = filterValues(search, filter.key);
    if (values.length > 0) query[filter.searchKey] = values;
  }
  if (search.search) query.search_term = search.search;
  for (const { key, searchKey } of kind.singleFilters) {
    const value = singleValue(search, key);
    if (value) query[searchKey] = value;
  }
  if (sortsByFit(search, ranked)) query.sort = FIT_SORT;
  if (ranked && search.min_fit !== undefined) query.min_fit = search.min_fit;
  return query;
}

/** The search call's query for a view: its page, the page size, and the view's own keys. */
export function searchQuery(kind: AnyCatalogueKind, search: CatalogueSearch, ranked = false): SearchQuery {
  return { page: search.page ?? 1, per_page: PAGE_SIZE, ...viewQuery(kind, search, ranked) };
}
