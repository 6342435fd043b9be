// The investors page's filters: how each lives in the URL, where its options come from and which
// query key of GET /api/v1/investors/search carries it (SPEC §2, §3, §7).
import type { INVESTOR_FILTER_PATHS, INVESTOR_SEARCH_ARRAY_KEYS } from '@/shared/api-paths';
import { GENDERS } from '@/shared/vocabularies';
import { createFilterSearch, searchQueryOf, type FilterSearch, type SearchQuery } from '@/lib/filter-search';

export type InvestorFilterPath = keyof typeof INVESTOR_FILTER_PATHS;

interface FilterDefinition {
  label: string;
  /** The filter call that lists its options. */
  path: InvestorFilterPath;
  /** The search call's query key. */
  query: (typeof INVESTOR_SEARCH_ARRAY_KEYS)[number];
}

export const INVESTOR_FILTERS = {
  stages: { label: 'Investment state', path: 'stage_preferences', query: 'stages' },
  industries: { label: 'Industry', path: 'industry_preferences', query: 'industries' },
  countries: { label: 'Located in', path: 'country', query: 'countries' },
  fundTypes: { label: 'Fund type', path: 'fund_type', query: 'fund_types' },
  cities: { label: 'City', path: 'cities', query: 'cities' },
  states: { label: 'State', path: 'states', query: 'states' },
  assetsUnderManagement: { label: 'Assets Under Management', path: 'assets_under_management', query: 'assets_under_management' },
  minInvestments: { label: 'Minimum Investment', path: 'min_investment', query: 'min_investment' },
  maxInvestments: { label: 'Maximum Investment', path: 'max_investment', query: 'max_investment' },
  numberOfInvestors: { label: 'Number Of Investors', path: 'number_of_investors', query: 'number_of_investors' },
  contactTitles: { label: 'Contact Titles', path: 'job_title', query: 'title' },
} as const satisfies Record<string, FilterDefinition>;

export type InvestorListFilter = keyof typeof INVESTOR_FILTERS;

/** The four dropdowns above the table, with their placeholders. */
export const INVESTOR_TOP_FILTERS = [
  { key: 'stages', placeholder: 'Any stage' },
  { key: 'industries', placeholder: 'Any industry' },
  { key: 'countries', placeholder: 'Any country' },
  { key: 'fundTypes', placeholder: 'Any type' },
] as const satisfies ReadonlyArray<{ key: InvestorListFilter; placeholder: string }>;

/** The checklist groups of 'More Filters', in order; the single-choice Gender follows them. */
export const INVESTOR_DRAWER_FILTERS = [
  'cities',
  'states',
  'assetsUnderManagement',
  'minInvestments',
  'maxInvestments',
  'numberOfInvestors',
  'contactTitles',
] as const satisfies readonly InvestorListFilter[];

const LIST_FILTER_KEYS = Object.keys(INVESTOR_FILTERS) as InvestorListFilter[];

export const investorSearch = createFilterSearch({
  listKeys: LIST_FILTER_KEYS,
  singles: { gender: GENDERS },
  drawerKeys: INVESTOR_DRAWER_FILTERS,
});

/** The investors page's URL search params. */
export type InvestorSearch = FilterSearch<InvestorListFilter, 'gender'>;
export type InvestorDrawerValues = ReturnType<typeof investorSearch.drawerValues>;

/** The query of GET /api/v1/investors/search for a view; empty filters are left out. */
export function investorSearchQuery(search: InvestorSearch): SearchQuery {
  return searchQueryOf<InvestorListFilter, 'gender'>(search, INVESTOR_FILTERS, ['gender']);
}
