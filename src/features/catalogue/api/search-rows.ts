import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Paged } from '@/shared/api-types';
import { barFilters, type AnyCatalogueKind, type CatalogueKind, type CatalogueRow } from '../catalogue-kind';
import { searchQuery, type CatalogueSearch } from '../catalogue-search';
import { filterOptionsQueryOptions } from './get-filter-options';

/** `ranked`: the founder has a startup profile, so the order by fit and min_fit are sent. */
export const searchRowsQueryOptions = <R extends CatalogueRow>(kind: CatalogueKind<R>, search: CatalogueSearch, ranked: boolean) => {
  const query = searchQuery(kind, search, ranked);
  return queryOptions({
    queryKey: [kind.noun, 'search', query],
    queryFn: () => api<Paged<R>>(`${API}${kind.rowsPath}/search`, { query }),
    // The previous page stays on screen, under the spinner, until the next one arrives.
    placeholderData: keepPreviousData,
  });
};

export function useSearchRows<R extends CatalogueRow>(kind: CatalogueKind<R>, search: CatalogueSearch, ranked: boolean) {
  return useQuery(searchRowsQueryOptions(kind, search, ranked));
}

/**
 * A table page's loader: the rows and the dropdowns' options load alongside the page, not before it,
 * so the page shows at once and the table and each dropdown show their own spinner until they arrive.
 */
export function prefetchCataloguePage(queryClient: QueryClient, kind: AnyCatalogueKind, search: CatalogueSearch, ranked: boolean) {
  void queryClient.prefetchQuery(searchRowsQueryOptions(kind, search, ranked));
  for (const filter of barFilters(kind)) void queryClient.prefetchQuery(filterOptionsQueryOptions(kind, filter));
}
