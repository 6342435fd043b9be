import type { ListFilterOf } from '../catalogue-kind';

// The filters investors and funds both have: their labels, the dropdowns' placeholders and the search
// call's query keys are the same; each kind says which filter call lists the options.
const SHARED_FILTERS = {
  stages: { label: 'Investment state', placeholder: 'Any stage', query: 'stages' },
  industries: { label: 'Industry', placeholder: 'Any industry', query: 'industries' },
  countries: { label: 'Located in', placeholder: 'Any country', query: 'countries' },
  fundTypes: { label: 'Fund type', placeholder: 'Any type', query: 'fund_types' },
  cities: { label: 'City', query: 'cities' },
  states: { label: 'State', query: 'states' },
  assetsUnderManagement: { label: 'Assets Under Management', query: 'assets_under_management' },
  minInvestments: { label: 'Minimum Investment', query: 'min_investment' },
  maxInvestments: { label: 'Maximum Investment', query: 'max_investment' },
  numberOfInvestors: { label: 'Number Of Investors', query: 'number_of_investors' },
} as const;

type SharedFilter = keyof typeof SHARED_FILTERS;
type SharedQuery = (typeof SHARED_FILTERS)[SharedFilter]['query'];

/** The shared filters in order, each listing its options from the given filter call path. */
export function sharedFilters<Path extends string>(paths: Record<SharedFilter, Path>): ListFilterOf<Path, SharedQuery>[] {
  return (Object.keys(SHARED_FILTERS) as SharedFilter[]).map((key) => ({ key, path: paths[key], ...SHARED_FILTERS[key] }));
}
