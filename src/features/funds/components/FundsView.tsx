import { useDeferredValue, type ReactNode } from 'react';
import { CatalogueView } from '@/components/CatalogueView';
import type { Fund } from '@/shared/api-types';
import { useFundsSearch } from '../api/search-funds';
import { fundSearch, fundSearchQuery, type FundSearch } from '../fund-filters';
import { fundColumns } from './fund-columns';
import { FundFilterBar } from './FundFilterBar';
import { FundMoreFilters } from './FundMoreFilters';

export interface FundsViewProps {
  search: FundSearch;
  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  onSearchChange: (search: FundSearch, options?: { replace?: boolean }) => void;
  onOpenFund: (fundId: number) => void;
  /** The list actions over the selected rows (the lists feature's toolbar). */
  selectionActions: (selected: Fund[]) => ReactNode;
}

/** The Funds page (SPEC §2): filters, search, the table and its selection toolbar. */
export function FundsView({ search, onSearchChange, onOpenFund, selectionActions }: FundsViewProps) {
  return (
    <CatalogueView
      title="Funds"
      noun="funds"
      idleSubtitle="Venture capital, private equity and other funds"
      searchPlaceholder="Search firm, contact, e-mail, address"
      search={search}
      searchHelper={fundSearch}
      viewKey={JSON.stringify(fundSearchQuery(search))}
      results={useDeferredValue(useFundsSearch(search))}
      columns={fundColumns}
      FilterBar={FundFilterBar}
      MoreFilters={FundMoreFilters}
      onSearchChange={onSearchChange}
      onOpen={onOpenFund}
      selectionActions={selectionActions}
    />
  );
}
