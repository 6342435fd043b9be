// The two catalogues: their tables, what a search term matches, what is answered, and their filters
// ("facets"), each a filter of shared/catalogue-filters.ts read from its column of the table. Search,
// filter options and validation all read these.
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SearchFieldSpec } from './search-terms.js';
import { funds, investors } from '../../db/schema.js';
import {
  type CatalogueName,
  type FieldTable,
  FUND_FIELDS,
  INVESTOR_FIELDS,
  wireFieldNames,
} from '../../../shared/catalogue-fields.js';
import { type CatalogueFilter, catalogueFilters } from '../../../shared/catalogue-filters.js';

type WithColumn<F> = F extends unknown ? Omit<F, 'column'> & { column: AnyPgColumn } : never;

/** A catalogue's filter with the column it reads. */
export type Facet = WithColumn<CatalogueFilter>;
export type RangeFacet = Extract<Facet, { match: 'range' }>;

export interface Catalogue {
  name: CatalogueName;
  /** Singular noun for messages: "Investor 7 not found". */
  noun: string;
  table: CatalogueTable;
  id: AnyPgColumn;
  searchText: AnyPgColumn;
  /** When each row was added (NULL: before that was recorded). */
  addedAt: AnyPgColumn;
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

function facetsOf(name: CatalogueName, table: CatalogueTable): Facet[] {
  const columns = table as unknown as Record<string, AnyPgColumn | undefined>;
  return catalogueFilters(name).map((filter) => {
    const column = columns[filter.column];
    if (!column) throw new Error(`${name} has no column "${filter.column}" for the ${filter.key} filter`);
    return { ...filter, column } as Facet;
  });
}

export const investorCatalogue: Catalogue = {
  name: 'investors',
  noun: 'Investor',
  table: investors,
  id: investors.id,
  searchText: investors.search_text,
  addedAt: investors.added_at,
  searchFields: [
    { name: 'first_name' },
    { name: 'last_name' },
    { name: 'firm_name' },
    { name: 'contact_title' },
    { name: 'email', splitAt: '@' },
    { name: 'city' },
  ],
  ...wireShape(investors, INVESTOR_FIELDS),
  facets: facetsOf('investors', investors),
};

export const fundCatalogue: Catalogue = {
  name: 'funds',
  noun: 'Fund',
  table: funds,
  id: funds.id,
  searchText: funds.search_text,
  addedAt: funds.added_at,
  searchFields: [
    { name: 'firm_name' },
    { name: 'full_name' },
    { name: 'title' },
    { name: 'firm_email', splitAt: '@' },
    { name: 'contact_email', splitAt: '@' },
    { name: 'firm_address' },
  ],
  ...wireShape(funds, FUND_FIELDS),
  facets: facetsOf('funds', funds),
};
