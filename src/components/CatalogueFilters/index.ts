export { CatalogueFilterBar, type CatalogueFilterBarProps, type TopFilterConfig } from './CatalogueFilterBar';
export { CatalogueMoreFilters, type CatalogueMoreFiltersProps, type DrawerGroupConfig } from './CatalogueMoreFilters';
export type { FilterOptionsQuery } from './filter-options-query';
