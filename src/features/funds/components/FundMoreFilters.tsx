import { CatalogueMoreFilters } from '@/components/CatalogueFilters';
import type { MoreFiltersSlotProps } from '@/components/CatalogueView';
import { fundListFilterOptionsQuery } from '../api/get-fund-filter-options';
import { FUND_DRAWER_FILTERS, FUND_FILTERS, type FundDrawerValues } from '../fund-filters';

const GROUPS = FUND_DRAWER_FILTERS.map((key) => ({ key, label: FUND_FILTERS[key].label }));

/** 'More Filters' for funds: City … Number Of Investors and Gender Ratio. */
export function FundMoreFilters(props: MoreFiltersSlotProps<FundDrawerValues>) {
  return <CatalogueMoreFilters groups={GROUPS} optionsQuery={fundListFilterOptionsQuery} {...props} />;
}
