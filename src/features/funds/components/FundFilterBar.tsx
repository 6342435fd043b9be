import { CatalogueFilterBar } from '@/components/CatalogueFilters';
import type { FilterBarSlotProps } from '@/components/CatalogueView';
import { FUND_FILTERS, FUND_TOP_FILTERS, type FundListFilter } from '../fund-filters';
import { fundListFilterOptionsQuery } from '../api/get-fund-filter-options';

const TOP_FILTERS = FUND_TOP_FILTERS.map(({ key, placeholder }) => ({ key, placeholder, label: FUND_FILTERS[key].label }));

/** The four dropdowns of SPEC §2 and the 'More Filters' button. */
export function FundFilterBar(props: FilterBarSlotProps<FundListFilter>) {
  return <CatalogueFilterBar filters={TOP_FILTERS} optionsQuery={fundListFilterOptionsQuery} {...props} />;
}
