import { useDeferredValue, type ReactNode } from 'react';
import { CatalogueView } from '@/components/CatalogueView';
import type { Investor } from '@/shared/api-types';
import { useInvestorsSearch } from '../api/search-investors';
import { investorSearch, investorSearchQuery, type InvestorSearch } from '../investor-filters';
import { investorColumns } from './investor-columns';
import { InvestorFilterBar } from './InvestorFilterBar';
import { InvestorMoreFilters } from './InvestorMoreFilters';

export interface InvestorsViewProps {
  search: InvestorSearch;
  /** Pushes a new view into the URL; `replace` for keystrokes, so Back skips them. */
  onSearchChange: (search: InvestorSearch, options?: { replace?: boolean }) => void;
  onOpenInvestor: (investorId: number) => void;
  /** The list actions over the selected rows (the lists feature's toolbar). */
  selectionActions: (selected: Investor[]) => ReactNode;
}

/** The Investors page (SPEC §2): filters, search, the table and its selection toolbar. */
export function InvestorsView({ search, onSearchChange, onOpenInvestor, selectionActions }: InvestorsViewProps) {
  return (
    <CatalogueView
      title="Investors"
      noun="investors"
      idleSubtitle="Find investors for your next round"
      searchPlaceholder="Search name, firm, title, e-mail, city"
      search={search}
      searchHelper={investorSearch}
      viewKey={JSON.stringify(investorSearchQuery(search))}
      results={useDeferredValue(useInvestorsSearch(search))}
      columns={investorColumns}
      FilterBar={InvestorFilterBar}
      MoreFilters={InvestorMoreFilters}
      onSearchChange={onSearchChange}
      onOpen={onOpenInvestor}
      selectionActions={selectionActions}
    />
  );
}
