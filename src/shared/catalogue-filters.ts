// The one definition of the catalogue's filters: each filter's query key, label, values, and where each
// catalogue keeps it. The server's facets (search, validation, filter calls, the facet index) and the
// client's filter bar, 'More Filters' and URL state are all read from here.
import type { CatalogueName, FUND_FIELDS, INVESTOR_FIELDS } from './catalogue-fields.js';
import {
  CAPITAL_MANAGED_LADDER,
  GENDER_RATIO_LADDER,
  type Ladder,
  MAX_INVESTMENT_LADDER,
  MIN_INVESTMENT_LADDER,
  NUMBER_OF_INVESTORS_LADDER,
} from './filter-buckets.js';
import { FIRM_TYPES, GENDERS, INDUSTRIES, STAGES } from './vocabularies.js';

/** Under the API root: `{FILTER_CALLS[catalogue]}/{path}` answers `{ [key]: OptionItem[] }`. */
export const FILTER_CALLS = {
  investors: '/filters/investors',
  funds: '/filters/investment-funds',
} as const satisfies Record<CatalogueName, string>;

/**
 * How a row matches the chosen values (OR within a filter): 'equals', its text column is one of them
 * (a vocabulary closes what the search accepts); 'overlaps', its text[] column holds one of them;
 * 'range', its number lies in one of the chosen buckets.
 */
export type FilterMatch =
  | { match: 'equals'; vocabulary?: readonly string[] }
  | { match: 'overlaps'; vocabulary: readonly string[] }
  | { match: 'range'; ladder: Ladder };

interface FilterNames {
  /** The search call's query key. */
  searchKey: string;
  /** The dropdown's or the 'More Filters' group's title. */
  label: string;
  /** Set for the dropdowns above the table; the others are groups of 'More Filters'. */
  placeholder?: string;
}

/** The columns a filter may read: the fields, and the funds' gender_ratio, which the database derives (server/db/schema.ts). */
type Columns = { investors: keyof typeof INVESTOR_FIELDS; funds: keyof typeof FUND_FIELDS | 'gender_ratio' };

/** A multi-select filter: in each catalogue that has it, a filter call lists the values in use. */
type ChecklistSpec = FilterNames &
  FilterMatch & {
    /** The key its filter calls answer the options under. */
    optionsKey: string;
    /** Per catalogue: the column it reads and its filter call's last path segment. */
    in: { [C in CatalogueName]?: { column: Columns[C]; optionsPath: string } };
  };

/** A single-choice filter of 'More Filters': its options are its vocabulary, listed by no call. */
type SingleChoiceSpec = FilterNames & {
  match: 'equals';
  vocabulary: readonly string[];
  single: true;
  in: { [C in CatalogueName]?: { column: Columns[C] } };
};

/** Keyed by the page's URL key (the names of the filter selection), in the order the pages show them. */
export const CATALOGUE_FILTERS = {
  stages: {
    searchKey: 'stages',
    label: 'Investment state',
    placeholder: 'Any stage',
    match: 'overlaps',
    vocabulary: STAGES,
    optionsKey: 'stage_preferences',
    in: {
      investors: { column: 'stage_preferences', optionsPath: 'stage_preferences' },
      funds: { column: 'stage_preferences', optionsPath: 'stage-preferences' },
    },
  },
  industries: {
    searchKey: 'industries',
    label: 'Industry',
    placeholder: 'Any industry',
    match: 'overlaps',
    vocabulary: INDUSTRIES,
    optionsKey: 'industry_preferences',
    in: {
      investors: { column: 'industry_preferences', optionsPath: 'industry_preferences' },
      funds: { column: 'industry_preferences', optionsPath: 'industry-preferences' },
    },
  },
  countries: {
    searchKey: 'countries',
    label: 'Located in',
    placeholder: 'Any country',
    match: 'equals',
    optionsKey: 'countries',
    in: {
      investors: { column: 'country', optionsPath: 'country' },
      funds: { column: 'firm_country', optionsPath: 'countries' },
    },
  },
  fundTypes: {
    searchKey: 'fund_types',
    label: 'Fund type',
    placeholder: 'Any type',
    match: 'equals',
    vocabulary: FIRM_TYPES,
    optionsKey: 'fund_types',
    in: {
      investors: { column: 'type_of_firm', optionsPath: 'fund_type' },
      funds: { column: 'firm_type', optionsPath: 'fund-types' },
    },
  },
  cities: {
    searchKey: 'cities',
    label: 'City',
    match: 'equals',
    optionsKey: 'cities',
    in: {
      investors: { column: 'city', optionsPath: 'cities' },
      funds: { column: 'firm_city', optionsPath: 'cities' },
    },
  },
  states: {
    searchKey: 'states',
    label: 'State',
    match: 'equals',
    optionsKey: 'states',
    in: {
      investors: { column: 'state', optionsPath: 'states' },
      funds: { column: 'firm_state', optionsPath: 'states' },
    },
  },
  assetsUnderManagement: {
    searchKey: 'assets_under_management',
    label: 'Assets Under Management',
    match: 'range',
    ladder: CAPITAL_MANAGED_LADDER,
    optionsKey: 'assets_under_management',
    in: {
      investors: { column: 'capital_managed', optionsPath: 'assets_under_management' },
      funds: { column: 'capital_managed', optionsPath: 'assets-under-management' },
    },
  },
  minInvestments: {
    searchKey: 'min_investment',
    label: 'Minimum Investment',
    match: 'range',
    ladder: MIN_INVESTMENT_LADDER,
    optionsKey: 'minimum_investment',
    in: {
      investors: { column: 'min_investment', optionsPath: 'min_investment' },
      funds: { column: 'min_investment', optionsPath: 'min-investment' },
    },
  },
  maxInvestments: {
    searchKey: 'max_investment',
    label: 'Maximum Investment',
    match: 'range',
    ladder: MAX_INVESTMENT_LADDER,
    optionsKey: 'maximum_investment',
    in: {
      investors: { column: 'max_investment', optionsPath: 'max_investment' },
      funds: { column: 'max_investment', optionsPath: 'max-investment' },
    },
  },
  numberOfInvestors: {
    searchKey: 'number_of_investors',
    label: 'Number Of Investors',
    match: 'range',
    ladder: NUMBER_OF_INVESTORS_LADDER,
    optionsKey: 'number_of_investors',
    in: {
      investors: { column: 'number_of_investors', optionsPath: 'number_of_investors' },
      funds: { column: 'number_of_investors', optionsPath: 'number-of-investors' },
    },
  },
  contactTitles: {
    searchKey: 'title',
    label: 'Contact Titles',
    match: 'equals',
    optionsKey: 'job_title',
    in: { investors: { column: 'contact_title', optionsPath: 'job_title' } },
  },
  genderRatio: {
    searchKey: 'gender_ratio',
    label: 'Gender Ratio',
    match: 'range',
    ladder: GENDER_RATIO_LADDER,
    optionsKey: 'gender_ratio',
    in: { funds: { column: 'gender_ratio', optionsPath: 'gender-ratio' } },
  },
  gender: {
    searchKey: 'gender',
    label: 'Gender',
    match: 'equals',
    vocabulary: GENDERS,
    single: true,
    in: { investors: { column: 'gender' } },
  },
} as const satisfies Record<string, ChecklistSpec | SingleChoiceSpec>;

export type FilterName = keyof typeof CATALOGUE_FILTERS;

/** A filter as one catalogue has it. */
export type CatalogueFilter = FilterNames &
  FilterMatch & {
    /** Its key in the page's URL. */
    key: FilterName;
    /** The column of the catalogue's table it reads. */
    column: string;
    /** Its filter call, under FILTER_CALLS[catalogue], and the key it answers under; none for a single choice. */
    optionsPath?: string;
    optionsKey?: string;
    single?: true;
  };

/** The filters a catalogue has, in the table's order. */
export function catalogueFilters(catalogue: CatalogueName): CatalogueFilter[] {
  const specs = Object.entries(CATALOGUE_FILTERS) as [FilterName, ChecklistSpec | SingleChoiceSpec][];
  return specs.flatMap(([key, { in: sources, ...filter }]) => {
    const source = sources[catalogue];
    return source ? [{ ...filter, ...source, key }] : [];
  });
}
