// A write storm (an import in batches) must not rebuild the search index back to back: each change is
// applied to the index (catalogue-changes.test.ts), and a full build (once many rows have changed) runs at
// most one at a time with at most one waiting, starting only once the catalogue has been quiet for
// QUIET_MS, the index with the changes applied answering meanwhile.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { testDatabases } from '../helpers/database.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { FacetIndex } from '../../src/server/modules/catalogue/facet-index.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { CatalogueSearch, QUIET_MS } from '../../src/server/modules/catalogue/search.js';
import { LayeredIndex } from '../../src/server/modules/catalogue/layered-index.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('index rebuilds under writes on $name', (kind) => {
  let database: Database;
  /** A city no seeded row has: each write of the trickle gives it to one more row. */
  let marked = 0;
  const mark = () => {
    marked++;
    return database.db.execute(sql`UPDATE investors SET city = ${`Trickleton ${marked}`} WHERE id = ${marked}`);
  };
  const trickleSearch = readSearchFilter(investorCatalogue, { search_term: 'trickleton' });
  const version = () => readCatalogueVersion(database.db);

  beforeAll(async () => {
    database = await kind.open();
    await seedCatalogue(database.db, { investors: 3000, funds: 10 });
  });
  afterAll(() => database.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Counts FacetIndex.build calls and the most of them running at once. */
  function watchBuilds() {
    const build = FacetIndex.build.bind(FacetIndex);
    const seen = { calls: 0, running: 0, mostAtOnce: 0 };
    vi.spyOn(FacetIndex, 'build').mockImplementation(async (...args) => {
      seen.calls++;
      seen.mostAtOnce = Math.max(seen.mostAtOnce, ++seen.running);
      try {
        return await build(...args);
      } finally {
        seen.running--;
      }
    });
    return seen;
  }

  it('answers every search during a steady trickle of writes from the index with the changes applied, building nothing', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue);
    expect(await search.warmUp()).toBe(true);
    const builds = watchBuilds();
    // A write and a search every 100 ms for 3 s: each write makes the index stale.
    const until = performance.now() + 3000;
    while (performance.now() < until) {
      await mark();
      const answer = await search.search(trickleSearch, 1, 100);
      expect(answer.total).toBe(marked);
      expect(search.facetIndex(await version())).toBeInstanceOf(LayeredIndex);
      await sleep(100);
    }
    expect(marked).toBeGreaterThan(10);
    expect(search.builds.caughtUp).toBeGreaterThan(10);
    await sleep(QUIET_MS + 100);
    await search.idle();
    expect(builds.calls).toBe(0);
  });

  it('starts a full build only once the catalogue has been quiet for QUIET_MS', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue, { compactAt: 1 });
    expect(await search.warmUp()).toBe(true);
    const builds = watchBuilds();
    await mark();
    const asked = performance.now();
    // The change is applied at once; a full build is asked for, and several asks join the one waiting.
    expect(await search.indexAt(await version())).toBeInstanceOf(LayeredIndex);
    for (let k = 0; k < 5; k++) await search.indexAt((await version()) + 1);
    await search.idle();
    expect(performance.now() - asked).toBeGreaterThanOrEqual(QUIET_MS - 5);
    expect(builds.calls).toBe(1);
    const index = search.facetIndex(await version());
    expect(index).not.toBeNull();
    expect(index).not.toBeInstanceOf(LayeredIndex);
  });

  it('follows a build the catalogue outran with one more once it is quiet, no search needed', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue, { compactAt: 1 });
    expect(await search.warmUp()).toBe(true);
    const build = FacetIndex.build.bind(FacetIndex);
    let calls = 0;
    vi.spyOn(FacetIndex, 'build').mockImplementation(async (...args) => {
      calls++;
      const built = await build(...args);
      if (calls > 1) return built;
      // A change commits while the first build reads: FacetIndex.build then answers null.
      await mark();
      return null;
    });
    await mark();
    search.facetIndex(await version());
    await search.idle();
    expect(calls).toBe(2);
    expect(search.builds.outran).toBe(1);
    expect(search.facetIndex(await version())).not.toBeNull();
    expect((await search.search(trickleSearch, 1, 100)).total).toBe(marked);
  });

  it('gives up a waiting build when stopped, without waiting for the quiet', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue, { compactAt: 1 });
    expect(await search.warmUp()).toBe(true);
    const builds = watchBuilds();
    await mark();
    search.facetIndex(await version());
    const started = performance.now();
    await search.stop();
    expect(performance.now() - started).toBeLessThan(QUIET_MS);
    await sleep(QUIET_MS + 100);
    expect(builds.calls).toBe(0);
    // A stopped search still answers.
    expect((await search.search(trickleSearch, 1, 100)).total).toBe(marked);
  });
});
