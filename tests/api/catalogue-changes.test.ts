// Catalogue changes are applied to the search index instead of rebuilding it: after rows are added,
// changed and deleted (by the app, a seed, or plain SQL), every search, count and filter option of the
// index brought up to date is the one a fresh build gives, with no full build; what cannot be applied (a
// TRUNCATE, changes pruned from the log, too many) is answered by SQL until a full build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Faker, base } from '@faker-js/faker';
import type { Database } from '../../src/server/db/client.js';
import { testDatabases } from '../helpers/database.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { type Catalogue, fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { readSearchFilter, type SearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { LayeredIndex } from '../../src/server/modules/catalogue/layered-index.js';
import { pruneChanges, readChanges } from '../../src/server/modules/catalogue/catalogue-changes.js';
import type { FitQuery } from '../../src/server/modules/catalogue/facet-index.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { computeFilterOptions, filterOptionsFromIndex } from '../../src/server/modules/filters/options.js';
import { compileFitProfile } from '../../src/shared/fit.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import type { Query } from '../helpers/catalogue.js';

const PROFILE = compileFitProfile(SAMPLE_STARTUP);

/** Filters, terms and both, over values the data has, from a fixed seed. */
function queries(catalogue: Catalogue, seed: number): Query[] {
  const f = new Faker({ locale: base, seed });
  const fixed: Query[] =
    catalogue === investorCatalogue
      ? [
          {},
          { cities: 'Changedville' },
          { stages: 'Seed' },
          { stages: ['Seed', 'Startup'], countries: 'United States' },
          { search_term: 'quentin' },
          { search_term: 'changedville' },
          { search_term: 'a', stages: 'Seed' },
          { search_term: 'capital' },
        ]
      : [{}, { search_term: 'partners' }, { search_term: 'changedville' }];
  const terms = ['an', 'er', 'son', 'ma', 'vent', 'zzqq'];
  return [...fixed, ...Array.from({ length: 6 }, () => ({ search_term: f.helpers.arrayElement(terms) }))];
}

describe.each(testDatabases())('the index applies catalogue changes on $name', (kind) => {
  let database: Database;
  const version = () => readCatalogueVersion(database.db);
  /** Now, in the database's clock, as the microseconds a saved search's window takes. */
  const nowMicros = async () =>
    Number((await queryRows(database.db, sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint AS t`))[0].t);

  beforeAll(async () => {
    database = await kind.open();
    await seedCatalogue(database.db, { investors: 3000, funds: 400 });
  });
  afterAll(() => database.close());

  /** Adds, changes and deletes rows of both catalogues, in many statements. */
  async function change() {
    await seedCatalogue(database.db, { investors: 150, funds: 30, batchSize: 40 });
    await database.db.execute(sql`UPDATE investors SET city = 'Changedville', stage_preferences = ARRAY['Seed'] WHERE id % 37 = 0`);
    await database.db.execute(sql`UPDATE funds SET firm_name = 'Changedville Partners' WHERE id % 11 = 0`);
    await database.db.execute(sql`DELETE FROM investors WHERE id % 53 = 0`);
    await database.db.execute(sql`DELETE FROM funds WHERE id % 29 = 0`);
    // The newest rows too: a row added and changed since the build.
    await database.db.execute(sql`UPDATE investors SET first_name = 'Quentin' WHERE id IN (SELECT id FROM investors ORDER BY id DESC LIMIT 5)`);
    await database.db.execute(sql`UPDATE investors SET stage_preferences = ARRAY['Startup'] WHERE id = (SELECT max(id) FROM investors)`);
  }

  /** Every search of `queries`, pages 1, 2 and the last, plain, by fit, and narrowed by fit. */
  async function expectSameAnswers(catalogue: Catalogue, changed: CatalogueSearch, fresh: CatalogueSearch, window: number) {
    const fits: Array<FitQuery | undefined> =
      catalogue === investorCatalogue
        ? [undefined, { profile: PROFILE, min: 0, byScore: true }, { profile: PROFILE, min: 40, byScore: true }, { profile: PROFILE, min: 40, byScore: false }]
        : [undefined];
    const now = await version();
    for (const query of queries(catalogue, 3)) {
      const filter: SearchFilter = readSearchFilter(catalogue, query);
      for (const fit of fits) {
        const label = `${JSON.stringify(query)} ${fit ? `fit ${fit.min} ${fit.byScore}` : ''}`;
        const first = await fresh.search(filter, 1, 15, null, fit);
        const last = Math.max(1, first.total_pages);
        for (const page of [1, 2, last]) {
          expect(await changed.search(filter, page, 15, null, fit), `${label} page ${page}`).toEqual(await fresh.search(filter, page, 15, null, fit));
        }
        expect(await changed.count(now, filter, fit), label).toBe(first.total);
        // A saved search's new rows: those added since a moment before the changes.
        const added = { ...filter, added: { after: window } };
        expect(await changed.count(now, added, fit), `${label} new rows`).toBe(await fresh.count(now, added, fit));
      }
    }
  }

  it('answers every search, count and filter option after rows are added, changed and deleted as a fresh build does, without building again', async () => {
    const searches = [new CatalogueSearch(database.db, investorCatalogue), new CatalogueSearch(database.db, fundCatalogue)];
    for (const search of searches) expect(await search.warmUp()).toBe(true);
    const window = await nowMicros();
    await change();

    for (const search of searches) {
      const fresh = new CatalogueSearch(database.db, search.catalogue);
      expect(await fresh.warmUp()).toBe(true);
      await expectSameAnswers(search.catalogue, search, fresh, window);
      expect(search.facetIndex(await version())).toBeInstanceOf(LayeredIndex);
      expect(search.builds.started, search.catalogue.name).toBe(1);
      expect(search.builds.caughtUp, search.catalogue.name).toBeGreaterThan(0);
      for (const facet of search.catalogue.facets.filter((f) => f.optionsKey)) {
        const index = (await search.indexAt(await version()))!;
        expect(filterOptionsFromIndex(index, facet), facet.searchKey).toEqual(await computeFilterOptions(database.db, search.catalogue, facet));
      }
      await search.stop();
      await fresh.stop();
    }
  });

  it('applies each version in turn while the catalogue keeps changing, every total exact', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue);
    expect(await search.warmUp()).toBe(true);
    const seed = readSearchFilter(investorCatalogue, { stages: 'Seed' });
    const fit: FitQuery = { profile: PROFILE, min: 30, byScore: true };
    for (let k = 0; k < 8; k++) {
      await seedCatalogue(database.db, { investors: 7, funds: 0 });
      await database.db.execute(sql`UPDATE investors SET stage_preferences = ARRAY['Seed'] WHERE id = (SELECT max(id) FROM investors) - ${k}`);
      const fresh = new CatalogueSearch(database.db, investorCatalogue, { facetIndex: false });
      expect(await search.search(seed, 1, 15, null, fit)).toEqual(await fresh.search(seed, 1, 15, null, fit));
    }
    expect(search.builds.started).toBe(1);
    expect(search.builds.caughtUp).toBeGreaterThanOrEqual(8);
    await search.stop();
  });

  it('starts a full build once COMPACT_AT rows have changed, the changes answering until it is done', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue, { compactAt: 20 });
    expect(await search.warmUp()).toBe(true);
    await seedCatalogue(database.db, { investors: 25, funds: 0 });
    const all = readSearchFilter(investorCatalogue, {});
    const total = Number((await queryRows(database.db, sql`SELECT count(*)::int AS n FROM investors`))[0].n);
    expect((await search.search(all, 1, 15)).total).toBe(total);
    expect(search.builds.caughtUp).toBe(1);
    await search.idle();
    expect(search.builds.started).toBe(2);
    expect(search.facetIndex(await version())).not.toBeInstanceOf(LayeredIndex);
    expect((await search.search(all, 1, 15)).total).toBe(total);
  });

  it('goes to SQL, then builds anew, when the changes are too many or no longer logged', async () => {
    const all = readSearchFilter(investorCatalogue, {});
    const total = async () => Number((await queryRows(database.db, sql`SELECT count(*)::int AS n FROM investors`))[0].n);

    const tooMany = new CatalogueSearch(database.db, investorCatalogue, { mostChanges: 10 });
    expect(await tooMany.warmUp()).toBe(true);
    await seedCatalogue(database.db, { investors: 11, funds: 0 });
    expect((await tooMany.search(all, 1, 15)).total).toBe(await total());
    expect(tooMany.facetIndex(await version())).toBeNull();
    await tooMany.idle();
    expect(tooMany.builds.started).toBe(2);
    expect(tooMany.facetIndex(await version())).not.toBeNull();

    // Changes pruned after another instance's build: an index older than them cannot catch up.
    const older = new CatalogueSearch(database.db, investorCatalogue);
    expect(await older.warmUp()).toBe(true);
    const built = await version();
    await seedCatalogue(database.db, { investors: 3, funds: 0 });
    expect((await readChanges(database.db, investorCatalogue, built, 100))?.rows.size).toBe(3);
    await pruneChanges(database.db, await version(), 0);
    expect(await readChanges(database.db, investorCatalogue, built, 100)).toBeNull();
    expect((await older.search(all, 1, 15)).total).toBe(await total());
    await older.idle();
    expect(older.builds.started).toBe(2);
    expect((await older.search(all, 1, 15)).total).toBe(await total());
  });
});
