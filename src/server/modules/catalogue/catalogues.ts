// The two catalogues and their filters ("facets"): which query key filters which column, how, and
// which key of a filter call lists its options. Search, filter options and validation all read these.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SearchFieldSpec } from './search-terms.js';
import { funds, investors } from '../../db/schema.js';
import { type FieldTable, FUND_FIELDS, INVESTOR_FIELDS, wireFieldNames } from '../../../shared/catalogue-fields.js';
import { FIRM_TYPES, GENDERS, INDUSTRIES, STAGES } from '../../../shared/vocabularies.js';
import {
  CAPITAL_MANAGED_LADDER,
  GENDER_RATIO_LADDER,
  MAX_INVESTMENT_LADDER,
  MIN_INVESTMENT_LADDER,
  NUMBER_OF_INVESTORS_LADDER,
  type Ladder,
} from './buckets.js';

interface FacetBase {
  /** The key of the search query string that filters by it. */
  searchKey: string;
  /** The key a filter call answers with this facet's options; none for gender (fixed Male/Female). */
  optionKey?: string;
  column: AnyPgColumn;
}

/** A text column equal to one of the chosen values. */
export interface EqualsFacet extends FacetBase {
  match: 'equals';
  /** A closed vocabulary: other values are refused by validation. */
  vocabulary?: readonly string[];
  /** One value, not a list (gender). */
  single?: boolean;
}

/** A text[] column sharing at least one value with the chosen ones. */
export interface OverlapsFacet extends FacetBase {
  match: 'overlaps';
  vocabulary: readonly string[];
}

/** A numeric column inside one of the chosen buckets. */
export interface RangeFacet extends FacetBase {
  match: 'range';
  ladder: Ladder;
}

export type Facet = EqualsFacet | OverlapsFacet | RangeFacet;

export interface Catalogue {
  name: 'investors' | 'funds';
  /** Singular noun for messages: "Investor 7 not found". */
  noun: string;
  table: CatalogueTable;
  id: AnyPgColumn;
  searchText: AnyPgColumn;
  /** What searchText is made of: these columns, lower-cased and joined by spaces (schema.ts), in order. */
  searchFields: readonly SearchFieldSpec[];
  /** The columns answered on the wire, in order (the field table's). */
  wireColumns: AnyPgColumn[];
  /** The wire columns that are numbers: answered 'NaN' when missing. */
  numericColumns: readonly string[];
  facets: Facet[];
}

type CatalogueTable = typeof investors | typeof funds;

function wireShape(table: CatalogueTable, fields: FieldTable) {
  const names = wireFieldNames(fields);
  const columns = table as unknown as Record<string, AnyPgColumn>;
  return {
    wireColumns: names.map((name) => columns[name]),
    numericColumns: names.filter((name) => ['number', 'integer'].includes(fields[name].kind)),
  };
}

/** The columns the filters both catalogues have read where the two tables name them differently. */
interface SharedFacetColumns {
  country: AnyPgColumn;
  city: AnyPgColumn;
  state: AnyPgColumn;
  firmType: AnyPgColumn;
}

/** The filters investors and funds share; each catalogue adds its own after them. */
function sharedFacets(table: CatalogueTable, place: SharedFacetColumns): Facet[] {
  const range = (searchKey: string, optionKey: string, column: AnyPgColumn, ladder: Ladder): RangeFacet => ({
    searchKey,
    optionKey,
    column,
    match: 'range',
    ladder,
  });
  return [
    { searchKey: 'countries', optionKey: 'countries', column: place.country, match: 'equals' },
    { searchKey: 'cities', optionKey: 'cities', column: place.city, match: 'equals' },
    { searchKey: 'states', optionKey: 'states', column: place.state, match: 'equals' },
    { searchKey: 'fund_types', optionKey: 'fund_types', column: place.firmType, match: 'equals', vocabulary: FIRM_TYPES },
    {
      searchKey: 'stages',
      optionKey: 'stage_preferences',
      column: table.stage_preferences,
      match: 'overlaps',
      vocabulary: STAGES,
    },
    {
      searchKey: 'industries',
      optionKey: 'industry_preferences',
      column: table.industry_preferences,
      match: 'overlaps',
      vocabulary: INDUSTRIES,
    },
    range('assets_under_management', 'assets_under_management', table.capital_managed, CAPITAL_MANAGED_LADDER),
    range('min_investment', 'minimum_investment', table.min_investment, MIN_INVESTMENT_LADDER),
    range('max_investment', 'maximum_investment', table.max_investment, MAX_INVESTMENT_LADDER),
    range('number_of_investors', 'number_of_investors', table.number_of_investors, NUMBER_OF_INVESTORS_LADDER),
  ];
}

export const investorCatalogue: Catalogue = {
  name: 'investors',
  noun: 'Investor',
  table: investors,
  id: investors.id,
  searchText: investors.search_text,
  searchFields: [
    { name: 'first_name' },
    { name: 'last_name' },
    { name: 'firm_name' },
    { name: 'contact_title' },
    { name: 'email', splitAt: '@' },
    { name: 'city' },
  ],
  ...wireShape(investors, INVESTOR_FIELDS),
  facets: [
    ...sharedFacets(investors, {
      country: investors.country,
      city: investors.city,
      state: investors.state,
      firmType: investors.type_of_firm,
    }),
    { searchKey: 'title', optionKey: 'job_title', column: investors.contact_title, match: 'equals' },
    { searchKey: 'gender', column: investors.gender, match: 'equals', vocabulary: GENDERS, single: true },
  ],
};

export const fundCatalogue: Catalogue = {
  name: 'funds',
  noun: 'Fund',
  table: funds,
  id: funds.id,
  searchText: funds.search_text,
  searchFields: [
    { name: 'firm_name' },
    { name: 'full_name' },
    { name: 'title' },
    { name: 'firm_email', splitAt: '@' },
    { name: 'contact_email', splitAt: '@' },
    { name: 'firm_address' },
  ],
  ...wireShape(funds, FUND_FIELDS),
  facets: [
    ...sharedFacets(funds, {
      country: funds.firm_country,
      city: funds.firm_city,
      state: funds.firm_state,
      firmType: funds.firm_type,
    }),
    {
      searchKey: 'gender_ratio',
      optionKey: 'gender_ratio',
      column: funds.gender_ratio,
      match: 'range',
      ladder: GENDER_RATIO_LADDER,
    },
  ],
};

export function facetByOptionKey(catalogue: Catalogue, optionKey: string): Facet {
  const facet = catalogue.facets.find((f) => f.optionKey === optionKey);
  if (!facet) throw new Error(`${catalogue.name} has no filter options "${optionKey}"`);
  return facet;
}
