// The facet index and the SQL path must answer every search alike, and as the data says: filters,
// search terms (served from the index's search text) and both together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import type { Database } from '../../src/server/db/client.js';
import { testDatabases } from '../helpers/database.js';
import {
  allFunds,
  allInvestors,
  commonValues,
  expectedIds,
  FUND_READERS,
  INVESTOR_READERS,
  type Query,
  type Reader,
} from '../helpers/catalogue.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { type Catalogue, fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { CAPITAL_MANAGED_LADDER, ladderValues } from '../../src/shared/filter-buckets.js';
import { insertRows } from '../../src/server/db/catalogue-store.js';
import { bumpCatalogueVersion, readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { computeFilterOptions, filterOptionsFromIndex } from '../../src/server/modules/filters/options.js';
import { CatalogueGenerator } from '../../src/server/db/seed/generate.js';
import { investors } from '../../src/server/db/schema.js';

/** Random filter-only queries over values the data has (and one it lacks), from a fixed seed. */
function randomQueries(catalogue: Catalogue, valuesOf: Record<string, string[]>, count: number): Query[] {
  const f = new Faker({ locale: base, seed: 7 });
  return Array.from({ length: count }, () => {
    const query: Query = {};
    for (const key of f.helpers.arrayElements(Object.keys(valuesOf), { min: 1, max: 3 })) {
      const facet = catalogue.facets.find((x) => x.searchKey === key)!;
      const picked = f.helpers.arrayElements(valuesOf[key], {
        min: 1,
        max: facet.match === 'equals' && facet.single ? 1 : 3,
      });
      query[key] = facet.match === 'equals' && facet.single ? picked[0] : picked;
    }
    return query;
  });
}

/** Terms to look for: pieces of the data (any case, padded), fixed ones, LIKE's metacharacters, unicode. */
function randomTerms(texts: string[], count: number, seed: number): string[] {
  const f = new Faker({ locale: base, seed });
  const fixed = ['ventures', 'CAPITAL', 'Partner', 'a', 'e', ' capital ', 'zzqqxx', '%', '_', '50%', 'a_b', "o'c", '\\', '"'];
  // A term with a space or an '@' may run from one search field (or e-mail part) into the next.
  const across = ['@', 'a@', '@b', 'n s', 'nan nan', 'com ', 'partner a', '.com'];
  const unicode = ['zoë', 'ÅNGSTRÖM', 'łukasz', '東京', '🚀', 'ß', 'é_'];
  const pieces = Array.from({ length: count }, () => {
    const text = f.helpers.arrayElement(texts);
    const length = f.number.int({ min: 1, max: 14 });
    const from = f.number.int({ min: 0, max: Math.max(0, text.length - length) });
    const piece = text.slice(from, from + length);
    return f.datatype.boolean() ? piece.toUpperCase() : piece;
  });
  // Longer pieces run over three or four fields; a term of very many words is left to SQL.
  const long = Array.from({ length: 6 }, () => {
    const text = f.helpers.arrayElement(texts);
    const from = f.number.int({ min: 0, max: Math.max(0, text.length - 20) });
    return text.slice(from, from + f.number.int({ min: 15, max: 45 }));
  });
  const manyWords = Array.from({ length: 30 }, () => f.helpers.arrayElement(['a', 'n', 's', 'e'])).join(' ');
  return [...fixed, ...across, ...unicode, ...pieces, ...long, manyWords].filter((t) => t.trim() !== '');
}

/** Rows whose names carry what a search term may trip on: LIKE metacharacters, quotes, unicode. */
const ODD_INVESTORS = [
  { first_name: 'Zoë', last_name: 'Ångström', firm_name: '50% Ventures_Fund' },
  { first_name: 'Łukasz', last_name: "O'Connor", firm_name: 'A_B \\ Capital' },
  { first_name: '東京', last_name: 'Straße', firm_name: '🚀 Rocket "Partners"' },
  { first_name: 'Renée', last_name: 'Éclair', firm_name: 'ab%cd Holdings' },
];

describe.each(testDatabases())('facet index on $name', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await kind.open();
    await seedCatalogue(database.db, { investors: 1500, funds: 600 });
    const generator = new CatalogueGenerator();
    await insertRows(
      database.db,
      investors,
      ODD_INVESTORS.map((odd, k) => ({ ...generator.investorAt(10_000 + k), ...odd })),
    );
    await bumpCatalogueVersion(database.db);
  });
  afterAll(() => database.close());

  async function compare<R extends { id: number }>(
    catalogue: Catalogue,
    rows: R[],
    readers: Record<string, Reader<R>>,
    queries: Query[],
    searchText?: (row: R) => string,
  ) {
    const indexed = new CatalogueSearch(database.db, catalogue);
    await indexed.warmUp();
    const plain = new CatalogueSearch(database.db, catalogue, { facetIndex: false });
    let matched = 0;
    for (const query of queries) {
      const filter = readSearchFilter(catalogue, query);
      // The oracle folds case as JavaScript does; the database's lower() may fold other letters than
      // ASCII differently (or not at all), so there the SQL path alone is the reference.
      const plainTerm = filter.term === undefined || /^[\x20-\x7e]*$/.test(filter.term);
      const expected = plainTerm
        ? expectedIds(rows, readers, query, searchText)
        : await plain.search(filter, 1, rows.length).then((r) => r.results.map((x) => x.id));
      if (expected.length > 0) matched++;
      for (const [page, perPage] of [
        [1, 15],
        [2, 7],
        [3, 100],
        [Math.max(1, Math.ceil(expected.length / 10)), 10],
      ]) {
        const slice = expected.slice((page - 1) * perPage, page * perPage);
        const a = await indexed.search(filter, page, perPage);
        const b = await plain.search(filter, page, perPage);
        expect(a.total, JSON.stringify(query)).toBe(expected.length);
        expect(
          a.results.map((r) => r.id),
          JSON.stringify(query),
        ).toEqual(slice);
        expect(b).toEqual(a);
      }
    }
    expect(matched, 'queries matching something').toBeGreaterThan(queries.length / 2);
    return indexed;
  }

  /** Adds a term to some of the filter queries and makes term-only queries of the rest of the terms. */
  function withTerms(filters: Query[], terms: string[]): Query[] {
    return terms.map((term, k) => (k % 2 === 0 ? { search_term: term } : { ...filters[k % filters.length], search_term: term }));
  }

  it('answers random investor search terms, alone and with filters, as SQL and the data do', async () => {
    const rows = await allInvestors(database);
    const valuesOf: Record<string, string[]> = {
      countries: commonValues(rows, (r) => r.country, 6),
      fund_types: commonValues(rows, (r) => r.type_of_firm, 6),
      stages: ['Seed', 'Early Stage', 'Expansion'],
      assets_under_management: ladderValues(CAPITAL_MANAGED_LADDER),
      gender: ['Male', 'Female'],
    };
    const terms = randomTerms(
      rows.map((r) => r.search_text),
      80,
      3,
    );
    const queries = withTerms(randomQueries(investorCatalogue, valuesOf, 20), terms);
    const search = await compare(investorCatalogue, rows, INVESTOR_READERS, queries, (r) => r.search_text);
    // The index answered them: it was current all along.
    expect(search.facetIndex(await readCatalogueVersion(database.db))).not.toBeNull();
  });

  it('answers random fund search terms, alone and with filters, as SQL and the data do', async () => {
    const rows = await allFunds(database);
    const valuesOf: Record<string, string[]> = {
      countries: commonValues(rows, (r) => r.firm_country, 5),
      fund_types: commonValues(rows, (r) => r.firm_type, 6),
      stages: ['Seed', 'Expansion', 'Spinout'],
    };
    const terms = randomTerms(
      rows.map((r) => r.search_text),
      40,
      5,
    );
    await compare(fundCatalogue, rows, FUND_READERS, withTerms(randomQueries(fundCatalogue, valuesOf, 10), terms), (r) => r.search_text);
  });

  it('answers random investor filters as SQL and the data do', async () => {
    const rows = await allInvestors(database);
    const valuesOf: Record<string, string[]> = {
      countries: [...commonValues(rows, (r) => r.country, 6), 'Atlantis'],
      cities: commonValues(rows, (r) => r.city, 12),
      states: commonValues(rows, (r) => r.state, 8),
      fund_types: commonValues(rows, (r) => r.type_of_firm, 6),
      title: commonValues(rows, (r) => r.contact_title, 8),
      gender: ['Male', 'Female'],
      stages: ['Seed', 'Early Stage', 'MBO/LBO', 'PIPE', 'Turnaround', 'Privatization'],
      industries: ['Software', 'Biotechnology', 'Diversified', 'Education & Training'],
      assets_under_management: ladderValues(CAPITAL_MANAGED_LADDER),
      min_investment: ['0-100000', '1000000-5000000', '25000000-'],
      max_investment: ['1000000-5000000', '250000000-'],
      number_of_investors: ['0-6', '6-11', '251-'],
    };
    await compare(investorCatalogue, rows, INVESTOR_READERS, [{}, ...randomQueries(investorCatalogue, valuesOf, 60)]);
  });

  it('answers random fund filters as SQL and the data do', async () => {
    const rows = await allFunds(database);
    const valuesOf: Record<string, string[]> = {
      countries: commonValues(rows, (r) => r.firm_country, 5),
      cities: commonValues(rows, (r) => r.firm_city, 10),
      fund_types: commonValues(rows, (r) => r.firm_type, 6),
      stages: ['Seed', 'Expansion', 'Spinout'],
      gender_ratio: ['0-20', '20-40', '40-60', '60-80', '80-'],
      number_of_investors: ['0-6', '11-26'],
    };
    await compare(fundCatalogue, rows, FUND_READERS, randomQueries(fundCatalogue, valuesOf, 40));
  });

  it('gives the filter options SQL gives', async () => {
    for (const catalogue of [investorCatalogue, fundCatalogue]) {
      const search = new CatalogueSearch(database.db, catalogue);
      await search.warmUp();
      const index = search.facetIndex(await readCatalogueVersion(database.db))!;
      for (const facet of catalogue.facets.filter((f) => f.optionsKey)) {
        const fromIndex = filterOptionsFromIndex(index, facet);
        expect(fromIndex.length, facet.searchKey).toBeGreaterThan(1);
        expect(fromIndex, facet.searchKey).toEqual(await computeFilterOptions(database.db, catalogue, facet));
      }
    }
  });

  it('is rebuilt for a new catalogue version and not used while stale', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue);
    expect(await search.warmUp()).toBe(true);
    const filter = readSearchFilter(investorCatalogue, { countries: 'Atlantis' });
    expect((await search.search(filter, 1, 15)).total).toBe(0);
    await insertRows(database.db, investors, [{ ...new CatalogueGenerator().investorAt(5), country: 'Atlantis' }]);
    await bumpCatalogueVersion(database.db);
    // The stale index is set aside at once: SQL answers until the new one is ready.
    expect((await search.search(filter, 1, 15)).total).toBe(1);
    await search.warmUp();
    const after = await search.search(filter, 1, 15);
    expect(after.total).toBe(1);
    expect(after.results[0]).toMatchObject({ country: 'Atlantis' });
  });
});
