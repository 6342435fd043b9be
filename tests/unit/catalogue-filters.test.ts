// The filter table (shared/catalogue-filters.ts) against what it must agree with but does not build:
// the field table's columns and vocabularies, the keys clients send, and the search call's schema.
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { CATALOGUE_FIELDS, type FieldSpec } from '../../src/shared/catalogue-fields.js';
import { catalogueFilters } from '../../src/shared/catalogue-filters.js';
import { funds, investors } from '../../src/server/db/schema.js';
import { fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { searchQuerySchema } from '../../src/server/modules/catalogue/schemas.js';

const FILTER_NAMES = [
  'stages',
  'industries',
  'countries',
  'fundTypes',
  'cities',
  'states',
  'assetsUnderManagement',
  'minInvestments',
  'maxInvestments',
  'numberOfInvestors',
];
const SEARCH_KEYS = [
  'stages',
  'industries',
  'countries',
  'fund_types',
  'cities',
  'states',
  'assets_under_management',
  'min_investment',
  'max_investment',
  'number_of_investors',
];

const catalogues = [
  {
    name: 'investors',
    table: investors,
    catalogue: investorCatalogue,
    keys: [...FILTER_NAMES, 'contactTitles', 'gender'],
    searchKeys: [...SEARCH_KEYS, 'title', 'gender'],
  },
  {
    name: 'funds',
    table: funds,
    catalogue: fundCatalogue,
    keys: [...FILTER_NAMES, 'genderRatio'],
    searchKeys: [...SEARCH_KEYS, 'gender_ratio'],
  },
] as const;

describe.each(catalogues)('the $name filters', ({ name, table, catalogue, keys, searchKeys }) => {
  const filters = catalogueFilters(name);

  it('go by the page keys and search keys clients use, each once', () => {
    expect(filters.map((f) => f.key)).toEqual(keys);
    expect(filters.map((f) => f.searchKey)).toEqual(searchKeys);
    const calls = filters.filter((f) => f.optionsPath !== undefined);
    expect(new Set(calls.map((f) => f.optionsPath)).size).toBe(calls.length);
    expect(new Set(calls.map((f) => f.optionsKey)).size).toBe(calls.length);
  });

  it('read columns of the kind and vocabulary of their fields', () => {
    const fields: Readonly<Record<string, FieldSpec>> = CATALOGUE_FIELDS[name];
    const columns = getTableColumns(table) as Record<string, { dataType: string } | undefined>;
    for (const filter of filters) {
      const field = fields[filter.column];
      switch (filter.match) {
        case 'overlaps':
          expect(field, filter.key).toMatchObject({ kind: 'list', vocabulary: filter.vocabulary });
          break;
        case 'equals':
          expect(field?.kind, filter.key).toBe(filter.vocabulary ? 'choice' : 'text');
          expect(field?.vocabulary, filter.key).toBe(filter.vocabulary);
          break;
        case 'range':
          // A number field, or a number the database derives from fields (a fund's gender ratio).
          expect(columns[filter.column]?.dataType, filter.key).toBe('number');
      }
    }
  });

  it('are what the search call takes beside paging, the term and the order by fit', () => {
    const keys = Object.keys(searchQuerySchema(catalogue).properties);
    expect(keys.filter((key) => !['page', 'per_page', 'search_term', 'sort', 'min_fit'].includes(key))).toEqual(searchKeys);
  });
});
