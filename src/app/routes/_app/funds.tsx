import { createFileRoute } from '@tanstack/react-router';
import { prefetchCataloguePage } from '@/features/catalogue/api/search-rows';
import { validateCatalogueSearch, viewQuery } from '@/features/catalogue/catalogue-search';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { funds } from '@/features/catalogue/kinds/funds';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';
import { SaveSearchButton } from '@/features/saved-searches/components/SaveSearchButton';
import { STARTUP_KEY } from '@/features/startup/api/get-startup';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { isCompleteProfile, type StartupProfile } from '@/shared/fit';

export const Route = createFileRoute('/_app/funds')({
  validateSearch: (raw) => validateCatalogueSearch(funds, raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    // The layout has loaded the startup profile: the first search is already ranked by it.
    prefetchCataloguePage(queryClient, funds, deps, isCompleteProfile(queryClient.getQueryData<StartupProfile>(STARTUP_KEY)));
    void queryClient.prefetchQuery(listsQueryOptions());
  },
  component: FundsPage,
});

function FundsPage() {
  const fit = useFitProfile();
  const search = Route.useSearch();
  return (
    <CataloguePage
      kind={funds}
      search={search}
      selectionActions={(selected) => <ListSelectionActions listType="fund" selected={selected} />}
      fit={fit}
      // What is saved is the page's search call as it is now, without its page.
      headerActions={<SaveSearchButton kind="funds" query={viewQuery(funds, search, fit.profile !== null)} />}
    />
  );
}
