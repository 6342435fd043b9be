// The funds page's filters: how each lives in the URL, where its options come from and which query
// key of GET /api/v1/funds/search carries it (SPEC §2, §7).
import type { FUND_FILTER_PATHS, FUND_SEARCH_ARRAY_KEYS } from '@/shared/api-paths';
import { createFilterSearch, searchQueryOf, type FilterSearch, type SearchQuery } from '@/lib/filter-search';

export type FundFilterPath = keyof typeof FUND_FILTER_PATHS;

interface FilterDefinition {
  label: string;
  /** The filter call that lists its options. */
  path: FundFilterPath;
  /** The search call's query key. */
  query: (typeof FUND_SEARCH_ARRAY_KEYS)[number];
}

export const FUND_FILTERS = {
  stages: { label: 'Investment state', path: 'stage-preferences', query: 'stages' },
  industries: { label: 'Industry', path: 'industry-preferences', query: 'industries' },
  countries: { label: 'Located in', path: 'countries', query: 'countries' },
  fundTypes: { label: 'Fund type', path: 'fund-types', query: 'fund_types' },
  cities: { label: 'City', path: 'cities', query: 'cities' },
  states: { label: 'State', path: 'states', query: 'states' },
  assetsUnderManagement: { label: 'Assets Under Management', path: 'assets-under-management', query: 'assets_under_management' },
  minInvestments: { label: 'Minimum Investment', path: 'min-investment', query: 'min_investment' },
  maxInvestments: { label: 'Maximum Investment', path: 'max-investment', query: 'max_investment' },
  numberOfInvestors: { label: 'Number Of Investors', path: 'number-of-investors', query: 'number_of_investors' },
  genderRatio: { label: 'Gender Ratio', path: 'gender-ratio', query: 'gender_ratio' },
} as const satisfies Record<string, FilterDefinition>;

export type FundListFilter = keyof typeof FUND_FILTERS;

/** The four dropdowns above the table, with their placeholders. */
export const FUND_TOP_FILTERS = [
  { key: 'stages', placeholder: 'Any stage' },
  { key: 'industries', placeholder: 'Any industry' },
  { key: 'countries', placeholder: 'Any country' },
  { key: 'fundTypes', placeholder: 'Any type' },
] as const satisfies ReadonlyArray<{ key: FundListFilter; placeholder: string }>;

/** The checklist groups of 'More Filters', in order. */
export const FUND_DRAWER_FILTERS = [
  'cities',
  'states',
  'assetsUnderManagement',
  'minInvestments',
  'maxInvestments',
  'numberOfInvestors',
  'genderRatio',
] as const satisfies readonly FundListFilter[];

const LIST_FILTER_KEYS = Object.keys(FUND_FILTERS) as FundListFilter[];

export const fundSearch = createFilterSearch({ listKeys: LIST_FILTER_KEYS, singles: {}, drawerKeys: FUND_DRAWER_FILTERS });

/** The funds page's URL search params. */
export type FundSearch = FilterSearch<FundListFilter, never>;
export type FundDrawerValues = ReturnType<typeof fundSearch.drawerValues>;

/** The query of GET /api/v1/funds/search for a view; empty filters are left out. */
export function fundSearchQuery(search: FundSearch): SearchQuery {
  return searchQueryOf(search, FUND_FILTERS);
}
