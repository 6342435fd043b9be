import { CatalogueFilterBar } from '@/components/CatalogueFilters';
import type { FilterBarSlotProps } from '@/components/CatalogueView';
import { INVESTOR_FILTERS, INVESTOR_TOP_FILTERS, type InvestorListFilter } from '../investor-filters';
import { investorListFilterOptionsQuery } from '../api/get-investor-filter-options';

const TOP_FILTERS = INVESTOR_TOP_FILTERS.map(({ key, placeholder }) => ({
  key,
  placeholder,
  label: INVESTOR_FILTERS[key].label,
}));

/** The four dropdowns of SPEC §2 and the 'More Filters' button. */
export function InvestorFilterBar(props: FilterBarSlotProps<InvestorListFilter>) {
  return <CatalogueFilterBar filters={TOP_FILTERS} optionsQuery={investorListFilterOptionsQuery} {...props} />;
}
