import { createFileRoute } from '@tanstack/react-router';
import { prefetchCataloguePage } from '@/features/catalogue/api/search-rows';
import { validateCatalogueSearch } from '@/features/catalogue/catalogue-search';
import { CataloguePage } from '@/features/catalogue/components/CataloguePage';
import { funds } from '@/features/catalogue/kinds/funds';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';

export const Route = createFileRoute('/_app/funds')({
  validateSearch: (raw) => validateCatalogueSearch(funds, raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => {
    prefetchCataloguePage(queryClient, funds, deps);
    void queryClient.prefetchQuery(listsQueryOptions());
  },
  component: FundsPage,
});

function FundsPage() {
  return (
    <CataloguePage
      kind={funds}
      search={Route.useSearch()}
      selectionActions={(selected) => <ListSelectionActions listType="fund" selected={selected} />}
    />
  );
}
