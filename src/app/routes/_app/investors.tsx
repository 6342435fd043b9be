import { createFileRoute } from '@tanstack/react-router';
import { prefetchCataloguePage } from '@/features/catalogue/api/search-rows';
import { validateCatalogueSearch } from '@/features/catalogue/catalogue-search';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { investors } from '@/features/catalogue/kinds/investors';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';

export const Route = createFileRoute('/_app/investors')({
  validateSearch: (raw) => validateCatalogueSearch(investors, raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    prefetchCataloguePage(queryClient, investors, deps);
    void queryClient.prefetchQuery(listsQueryOptions());
  },
  component: InvestorsPage,
});

function InvestorsPage() {
  return (
    <CataloguePage
      kind={investors}
      search={Route.useSearch()}
      selectionActions={(selected) => <ListSelectionActions listType="investor" selected={selected} />}
    />
  );
}
