import { createFileRoute } from '@tanstack/react-router';
import { prefetchCataloguePage } from '@/features/catalogue/api/search-rows';
import { validateCatalogueSearch, viewQuery } from '@/features/catalogue/catalogue-search';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { investors } from '@/features/catalogue/kinds/investors';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { STARTUP_KEY } from '@/features/startup/api/get-startup';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { isCompleteProfile, type StartupProfile } from '@/shared/fit';

export const Route = createFileRoute('/_app/investors')({
  validateSearch: (raw) => validateCatalogueSearch(investors, raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The layout has loaded the startup profile: the first search is already ranked by it.
    prefetchCataloguePage(queryClient, investors, deps, isCompleteProfile(queryClient.getQueryData<StartupProfile>(STARTUP_KEY)));
    void queryClient.prefetchQuery(listsQueryOptions());
  },
  component: InvestorsPage,
});

function InvestorsPage() {
  const fit = useFitProfile();
  const search = Route.useSearch();
  return (
    <CataloguePage
      kind={investors}
      search={search}
      selectionActions={(selected) => <ListSelectionActions listType="investor" selected={selected} />}
      fit={fit}
      // What is saved is the page's search call as it is now, without its page.
      headerActions={<SaveSearchButton kind="investors" query={viewQuery(investors, search, fit.profile !== null)} />}
    />
  );
}
