// The API's paths and query keys, exact (README, "The API in short"). Both the client and the server
// build on these.

export const API = '/api/v1';

/** GET and PUT the founder's startup profile (shared/fit.ts: StartupProfile). */
export const STARTUP_PATH = '/startup';

/** GET the round's progress (shared/fit.ts: RoundProgress). */
export const ROUND_PATH = '/round';

/** The array query keys both catalogue searches take; arrays are repeated keys without brackets. */
const CATALOGUE_SEARCH_ARRAY_KEYS = [
  'countries',
  'industries',
  'stages',
  'cities',
  'states',
  'fund_types',
  'assets_under_management',
  'min_investment',
  'max_investment',
  'number_of_investors',
] as const;

/** Array query keys of GET /api/v1/investors/search. */
export const INVESTOR_SEARCH_ARRAY_KEYS = [...CATALOGUE_SEARCH_ARRAY_KEYS, 'title'] as const;

/** Array query keys of GET /api/v1/funds/search. */
export const FUND_SEARCH_ARRAY_KEYS = [...CATALOGUE_SEARCH_ARRAY_KEYS, 'gender_ratio'] as const;

/** GET /api/v1/filters/investors/{path} answers { [key]: OptionItem[] }. */
export const INVESTOR_FILTER_PATHS = {
  states: 'states',
  stage_preferences: 'stage_preferences',
  industry_preferences: 'industry_preferences',
  country: 'countries',
  fund_type: 'fund_types',
  assets_under_management: 'assets_under_management',
  cities: 'cities',
  min_investment: 'minimum_investment',
  max_investment: 'maximum_investment',
  number_of_investors: 'number_of_investors',
  job_title: 'job_title',
} as const;

/** GET /api/v1/filters/investment-funds/{path} answers { [key]: OptionItem[] }. */
export const FUND_FILTER_PATHS = {
  'stage-preferences': 'stage_preferences',
  'industry-preferences': 'industry_preferences',
  countries: 'countries',
  'fund-types': 'fund_types',
  cities: 'cities',
  states: 'states',
  'assets-under-management': 'assets_under_management',
  'min-investment': 'minimum_investment',
  'max-investment': 'maximum_investment',
  'number-of-investors': 'number_of_investors',
  'gender-ratio': 'gender_ratio',
} as const;
