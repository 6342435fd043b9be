import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { fundFilterOptionsQueryOptions } from '@/features/funds/api/get-fund-filter-options';
import { fundsSearchQueryOptions } from '@/features/funds/api/search-funds';
import { FundsView } from '@/features/funds/components/FundsView';
import {
  FUND_FILTERS,
  FUND_TOP_FILTERS,
  fundSearch,
  type FundSearch,
} from '@/features/funds/fund-filters';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';

export const Route = createFileRoute('/_app/funds')({
  validateSearch: fundSearch.validate,
  loaderDeps: ({ search }) => search,
  // The rows, the dropdowns' options and the lists (for "Add to lists") load alongside the page, not
  // before it: the page shows at once, and the table and each dropdown show their own spinner until
  // their answer arrives.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(fundsSearchQueryOptions(deps));
    void queryClient.prefetchQuery(listsQueryOptions());
    for (const { key } of FUND_TOP_FILTERS) void queryClient.prefetchQuery(fundFilterOptionsQueryOptions(FUND_FILTERS[key].path));
  },
  component: FundsPage,
});

function FundsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const changeSearch = useCallback(
    (next: FundSearch, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace }),
    [navigate],
  );
  return (
    <FundsView
      search={search}
      onSearchChange={changeSearch}
      onOpenFund={(fundId) => void navigate({ to: '/fund/$id', params: { id: String(fundId) } })}
      selectionActions={(selected) => <ListSelectionActions listType="fund" selected={selected} />}
    />
  );
}
