// What the Investors and Funds routes load, apart from their page. It is in the entry with the route tree,
// so it imports no component: the page is CatalogueRoutePage, split off with each route's component.
import { prefetchCataloguePage } from '@/features/catalogue/api/search-rows';
import type { AnyCatalogueKind } from '@/features/catalogue/catalogue-kind';
import { validateCatalogueSearch, type CatalogueSearch } from '@/features/catalogue/catalogue-search';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { STARTUP_KEY } from '@/features/startup/api/get-startup';
import { isCompleteProfile, type StartupProfile } from '@/shared/fit';
import type { RouterContext } from '../../../router-context';

/** The URL's search, checked; then the first page of rows, the bar's filter options and the lists, fetched ahead. */
export function catalogueRouteOptions(kind: AnyCatalogueKind) {
  return {
    validateSearch: (raw: Record<string, unknown>) => validateCatalogueSearch(kind, raw),
    loaderDeps: ({ search }: { search: CatalogueSearch }) => search,
    loader: ({ context: { queryClient }, deps }: { context: RouterContext; deps: CatalogueSearch }) => {
      // The layout has loaded the startup profile: the first search is already ranked by it.
      prefetchCataloguePage(queryClient, kind, deps, isCompleteProfile(queryClient.getQueryData<StartupProfile>(STARTUP_KEY)));
      void queryClient.prefetchQuery(listsQueryOptions());
    },
  };
}
