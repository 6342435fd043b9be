export {
  CatalogueView,
  type FilterBarSlotProps,
  type MoreFiltersSlotProps,
  type CatalogueSearchHelper,
  type CatalogueSearchState,
  type CatalogueViewProps,
} from './CatalogueView';
