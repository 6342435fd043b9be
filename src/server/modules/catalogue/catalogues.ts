// The two catalogues and their filters ("facets"): which query key filters which column, how, and
// which key of a filter call lists its options. Search, filter options and validation all read these.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SearchField } from './search-terms.js';
import { funds, investors } from '../../db/schema.js';
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
  /** The search query key (SPEC §7). */
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
  table: typeof investors | typeof funds;
  id: AnyPgColumn;
  searchText: AnyPgColumn;
  /** What searchText is made of: these columns, lower-cased and joined by spaces (schema.ts), in order. */
  searchFields: readonly SearchField[];
  /** The columns answered on the wire, in order; numeric ones are answered 'NaN' when missing. */
  wireColumns: AnyPgColumn[];
  numericColumns: readonly string[];
  listColumns: readonly string[];
  facets: Facet[];
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
  wireColumns: [
    investors.id,
    investors.first_name,
    investors.last_name,
    investors.contact_title,
    investors.email,
    investors.gender,
    investors.phone,
    investors.firm_name,
    investors.type_of_firm,
    investors.office_website,
    investors.capital_managed,
    investors.min_investment,
    investors.max_investment,
    investors.number_of_investors,
    investors.type_of_financing,
    investors.geographic_preferences,
    investors.stage_preferences,
    investors.industry_preferences,
    investors.city,
    investors.state,
    investors.country,
  ],
  numericColumns: ['capital_managed', 'min_investment', 'max_investment', 'number_of_investors'],
  listColumns: ['type_of_financing', 'geographic_preferences', 'stage_preferences', 'industry_preferences'],
  facets: [
    { searchKey: 'countries', optionKey: 'countries', column: investors.country, match: 'equals' },
    { searchKey: 'cities', optionKey: 'cities', column: investors.city, match: 'equals' },
    { searchKey: 'states', optionKey: 'states', column: investors.state, match: 'equals' },
    {
      searchKey: 'fund_types',
      optionKey: 'fund_types',
      column: investors.type_of_firm,
      match: 'equals',
      vocabulary: FIRM_TYPES,
    },
    { searchKey: 'title', optionKey: 'job_title', column: investors.contact_title, match: 'equals' },
    {
      searchKey: 'stages',
      optionKey: 'stage_preferences',
      column: investors.stage_preferences,
      match: 'overlaps',
      vocabulary: STAGES,
    },
    {
      searchKey: 'industries',
      optionKey: 'industry_preferences',
      column: investors.industry_preferences,
      match: 'overlaps',
      vocabulary: INDUSTRIES,
    },
    {
      searchKey: 'assets_under_management',
      optionKey: 'assets_under_management',
      column: investors.capital_managed,
      match: 'range',
      ladder: CAPITAL_MANAGED_LADDER,
    },
    {
      searchKey: 'min_investment',
      optionKey: 'minimum_investment',
      column: investors.min_investment,
      match: 'range',
      ladder: MIN_INVESTMENT_LADDER,
    },
    {
      searchKey: 'max_investment',
      optionKey: 'maximum_investment',
      column: investors.max_investment,
      match: 'range',
      ladder: MAX_INVESTMENT_LADDER,
    },
    {
      searchKey: 'number_of_investors',
      optionKey: 'number_of_investors',
      column: investors.number_of_investors,
      match: 'range',
      ladder: NUMBER_OF_INVESTORS_LADDER,
    },
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
  wireColumns: [
    funds.id,
    funds.firm_name,
    funds.full_name,
    funds.title,
    funds.firm_email,
    funds.firm_phone,
    funds.firm_website,
    funds.firm_type,
    funds.capital_managed,
    funds.min_investment,
    funds.max_investment,
    funds.financing_type,
    funds.geographic_preferences,
    funds.stage_preferences,
    funds.industry_preferences,
    funds.contact_email,
    funds.contact_phone,
    funds.firm_address,
    funds.firm_state,
    funds.firm_country,
  ],
  numericColumns: ['capital_managed', 'min_investment', 'max_investment'],
  listColumns: ['financing_type', 'geographic_preferences', 'stage_preferences', 'industry_preferences'],
  facets: [
    { searchKey: 'countries', optionKey: 'countries', column: funds.firm_country, match: 'equals' },
    { searchKey: 'cities', optionKey: 'cities', column: funds.firm_city, match: 'equals' },
    { searchKey: 'states', optionKey: 'states', column: funds.firm_state, match: 'equals' },
    {
      searchKey: 'fund_types',
      optionKey: 'fund_types',
      column: funds.firm_type,
      match: 'equals',
      vocabulary: FIRM_TYPES,
    },
    {
      searchKey: 'stages',
      optionKey: 'stage_preferences',
      column: funds.stage_preferences,
      match: 'overlaps',
      vocabulary: STAGES,
    },
    {
      searchKey: 'industries',
      optionKey: 'industry_preferences',
      column: funds.industry_preferences,
      match: 'overlaps',
      vocabulary: INDUSTRIES,
    },
    {
      searchKey: 'assets_under_management',
      optionKey: 'assets_under_management',
      column: funds.capital_managed,
      match: 'range',
      ladder: CAPITAL_MANAGED_LADDER,
    },
    {
      searchKey: 'min_investment',
      optionKey: 'minimum_investment',
      column: funds.min_investment,
      match: 'range',
      ladder: MIN_INVESTMENT_LADDER,
    },
    {
      searchKey: 'max_investment',
      optionKey: 'maximum_investment',
      column: funds.max_investment,
      match: 'range',
      ladder: MAX_INVESTMENT_LADDER,
    },
    {
      searchKey: 'number_of_investors',
      optionKey: 'number_of_investors',
      column: funds.number_of_investors,
      match: 'range',
      ladder: NUMBER_OF_INVESTORS_LADDER,
    },
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
