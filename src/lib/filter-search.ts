// The state of a filtered, searched, paged table as it lives in the URL (SPEC §2): list filters
// (multi-select), single-choice filters, the search text and the page. Any change of a filter or
// of the search goes back to page 1.
import { PAGE_SIZE } from '@/shared/constants';
import { pageNumber, stringLists, text } from './search-params';

export type FilterSearch<L extends string, S extends string> = Partial<Record<L, string[]>> &
  Partial<Record<S, string>> & { page?: number; search?: string };

export interface FilterSearchSpec<L extends string, S extends string, D extends L> {
  listKeys: readonly L[];
  /** The allowed values of each single-choice filter. */
  singles: Record<S, readonly string[]>;
  /** The list filters the 'More Filters' drawer edits (it edits every single-choice filter too). */
  drawerKeys: readonly D[];
}

export function createFilterSearch<L extends string, S extends string, D extends L>(spec: FilterSearchSpec<L, S, D>) {
  type Search = FilterSearch<L, S>;
  type DrawerValues = Partial<Record<D, string[]>> & Partial<Record<S, string>>;
  const singleKeys = Object.keys(spec.singles) as S[];

  /** Without empty filters and without the page. */
  function restart(search: Search): Search {
    const next = {} as Search;
    for (const key of spec.listKeys) {
      const values = search[key] as string[] | undefined;
      if (values && values.length > 0) (next as Record<L, string[]>)[key] = values;
    }
    for (const key of singleKeys) {
      const value = search[key] as string | undefined;
      if (value) (next as Record<S, string>)[key] = value;
    }
    if (search.search) next.search = search.search;
    return next;
  }

  return {
    /** validateSearch: well-formed values from whatever the URL carries. */
    validate(raw: Record<string, unknown>): Search {
      const search = stringLists(raw, spec.listKeys) as Search;
      for (const key of singleKeys) {
        const value = spec.singles[key].find((allowed) => allowed === raw[key]);
        if (value) (search as Record<S, string>)[key] = value;
      }
      const term = text(raw.search);
      if (term) search.search = term;
      const page = pageNumber(raw.page);
      if (page) search.page = page;
      return search;
    },
    withFilter(search: Search, key: L, values: string[]): Search {
      return restart({ ...search, [key]: values });
    },
    withSearchTerm(search: Search, term: string): Search {
      return restart({ ...search, search: term || undefined });
    },
    withPage(search: Search, page: number): Search {
      return { ...search, page: page > 1 ? page : undefined };
    },
    drawerValues(search: Search): DrawerValues {
      const values = {} as DrawerValues;
      for (const key of spec.drawerKeys) {
        const list = search[key] as string[] | undefined;
        if (list) (values as Record<D, string[]>)[key] = list;
      }
      for (const key of singleKeys) {
        const value = search[key] as string | undefined;
        if (value) (values as Record<S, string>)[key] = value;
      }
      return values;
    },
    withDrawerValues(search: Search, values: DrawerValues): Search {
      const cleared = { ...search } as Record<string, unknown>;
      for (const key of [...spec.drawerKeys, ...singleKeys]) delete cleared[key];
      return restart({ ...(cleared as Search), ...values });
    },
    /** Every filter emptied; the search text stays. */
    withoutFilters(search: Search): Search {
      return restart({ search: search.search } as Search);
    },
    hasFilters(search: Search): boolean {
      return (
        spec.listKeys.some((key) => ((search[key] as string[] | undefined)?.length ?? 0) > 0) ||
        singleKeys.some((key) => Boolean(search[key]))
      );
    },
    /** How many of the drawer's groups are set, for the badge on 'More Filters'. */
    drawerFilterCount(search: Search): number {
      return (
        spec.drawerKeys.filter((key) => ((search[key] as string[] | undefined)?.length ?? 0) > 0).length +
        singleKeys.filter((key) => Boolean(search[key])).length
      );
    },
  };
}

/** The query of a catalogue search call (SPEC §7). */
export type SearchQuery = Record<string, string | number | string[]>;

/**
 * The search call's query for a view: page, page size, each non-empty list filter under its query key,
 * each chosen single-choice filter under its own name, and the search term.
 */
export function searchQueryOf<L extends string, S extends string>(
  search: FilterSearch<L, S>,
  listFilters: Record<L, { query: string }>,
  singleKeys: readonly S[] = [],
): SearchQuery {
  const query: SearchQuery = { page: search.page ?? 1, per_page: PAGE_SIZE };
  for (const key of Object.keys(listFilters) as L[]) {
    const values = search[key] as string[] | undefined;
    if (values && values.length > 0) query[listFilters[key].query] = values;
  }
  if (search.search) query.search_term = search.search;
  for (const key of singleKeys) {
    const value = search[key] as string | undefined;
    if (value) query[key] = value;
  }
  return query;
}
