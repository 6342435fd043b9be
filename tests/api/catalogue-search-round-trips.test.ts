// What a search costs in round trips, and that it never answers from an index older than the
// catalogue: one statement per search with a current index (the term folded in memory, exactly as the
// database's lower() folds it), and a change committed by anyone — another instance too — seen by the
// very next search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { CaseFold } from '../../src/server/modules/catalogue/case-fold.js';
import { investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { createPostgresDatabase, testDatabases } from '../helpers/database.js';

/** The database, counting the statements run through it: by drizzle, or straight on its client. */
function counting(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const countQueries = <T extends object>(target: T, method: string): T =>
    new Proxy(target, {
      get(object, key) {
        const value = Reflect.get(object, key, object) as unknown;
        if (key !== method || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          n++;
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      },
    });
  const client = countQueries((db as unknown as { $client: object }).$client, 'query');
  const counted = new Proxy(countQueries(db, 'execute'), {
    get(target, key) {
      return key === '$client' ? client : (Reflect.get(target, key, target) as unknown);
    },
  });
  return { db: counted, statements: () => n };
}

/** Letters JavaScript's toLowerCase() and the databases fold differently, or not alike. */
const TRICKY = ['İstanbul', 'ⒶⒷⒸ', 'STRAẞE', 'ΟΔΟΣ ΣΑΣ', 'ǅemal', 'Ꟍ Ᲊ Ɤ', '𐐀𐐁 DESERET', 'ÅNGSTRÖM', 'ＦＵＬＬ', 'IıiI'];

describe.each(testDatabases())('search round trips on $name', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await kind.open();
    await seedCatalogue(database.db, { investors: 300, funds: 10 });
  });
  afterAll(() => database.close());

  it('folds case in memory exactly as the database lower() does', async () => {
    const fold = await CaseFold.learn(database.db);
    expect(fold).not.toBeNull();
    for (const text of TRICKY) {
      const [{ lowered }] = await queryRows(database.db, sql`SELECT lower(${text}) AS lowered`);
      expect(fold!.lower(text), text).toBe(lowered);
    }
    // Beyond the learned planes the database is asked.
    expect(fold!.lower('𠀀')).toBeUndefined();
  });

  it('answers a search from a current index in one statement, the term folded in memory', async () => {
    const { db, statements } = counting(database.db);
    const search = new CatalogueSearch(db, investorCatalogue);
    expect(await search.warmUp()).toBe(true);
    // On PGlite the first search prepares the page's statement in the database's one session (a statement more, once).
    await search.search(readSearchFilter(investorCatalogue, {}), 1, 15);
    for (const query of [{}, { countries: 'United States' }, { search_term: 'Capital' }, { search_term: 'ÅNGSTRÖM İ' }]) {
      const before = statements();
      await search.search(readSearchFilter(investorCatalogue, query), 1, 15);
      expect(statements() - before, JSON.stringify(query)).toBe(1);
    }
  });

  it('sees a change committed a moment before, with no other word than the database', async () => {
    const search = new CatalogueSearch(database.db, investorCatalogue);
    expect(await search.warmUp()).toBe(true);
    const filter = readSearchFilter(investorCatalogue, { search_term: 'Quokkaville' });
    expect((await search.search(filter, 1, 15)).total).toBe(0);
    await database.db.execute(sql`UPDATE investors SET city = 'Quokkaville' WHERE id IN (5, 6, 7)`);
    expect((await search.search(filter, 1, 15)).total).toBe(3);
    // And once rebuilt, the index answers it in one statement again.
    await search.warmUp();
    expect((await search.search(filter, 1, 15)).results.map((r) => r.id)).toEqual([5, 6, 7]);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let one: Database;
  let two: Database;

  beforeAll(async () => {
    const created = await createPostgresDatabase(serverUrl!);
    drop = created.drop;
    one = await openDatabase({ url: created.url });
    two = await openDatabase({ url: created.url });
    await seedCatalogue(one.db, { investors: 200, funds: 10 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await drop?.();
  });

  it('a change committed through one is seen by the next search of the other', async () => {
    const a = new CatalogueSearch(one.db, investorCatalogue);
    const b = new CatalogueSearch(two.db, investorCatalogue);
    expect(await a.warmUp()).toBe(true);
    expect(await b.warmUp()).toBe(true);
    const filter = readSearchFilter(investorCatalogue, { cities: 'Wombat Creek' });
    expect((await b.search(filter, 1, 15)).total).toBe(0);
    await a.search(filter, 1, 15);
    await one.db.execute(sql`UPDATE investors SET city = 'Wombat Creek' WHERE id = 9`);
    expect((await b.search(filter, 1, 15)).total).toBe(1);
    expect((await a.search(filter, 1, 15)).total).toBe(1);
  });
});
