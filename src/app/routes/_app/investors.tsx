import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { investorFilterOptionsQueryOptions } from '@/features/investors/api/get-investor-filter-options';
import { investorsSearchQueryOptions } from '@/features/investors/api/search-investors';
import { InvestorsView } from '@/features/investors/components/InvestorsView';
import {
  INVESTOR_FILTERS,
  INVESTOR_TOP_FILTERS,
  investorSearch,
  type InvestorSearch,
} from '@/features/investors/investor-filters';
import { listsQueryOptions } from '@/features/lists/api/get-lists';
import { ListSelectionActions } from '@/features/lists/components/ListSelectionActions';

export const Route = createFileRoute('/_app/investors')({
  validateSearch: investorSearch.validate,
  loaderDeps: ({ search }) => search,
  // The rows, the dropdowns' options and the lists (for "Add to lists") load alongside the page, not
  // before it: the page shows at once, and the table and each dropdown show their own spinner until
  // their answer arrives.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(investorsSearchQueryOptions(deps));
    void queryClient.prefetchQuery(listsQueryOptions());
    for (const { key } of INVESTOR_TOP_FILTERS) void queryClient.prefetchQuery(investorFilterOptionsQueryOptions(INVESTOR_FILTERS[key].path));
  },
  component: InvestorsPage,
});

function InvestorsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const changeSearch = useCallback(
    (next: InvestorSearch, options?: { replace?: boolean }) => void navigate({ search: next, replace: options?.replace }),
    [navigate],
  );
  return (
    <InvestorsView
      search={search}
      onSearchChange={changeSearch}
      onOpenInvestor={(investorId) => void navigate({ to: '/investor/$id', params: { id: String(investorId) } })}
      selectionActions={(selected) => <ListSelectionActions listType="investor" selected={selected} />}
    />
  );
}
