// A missing value is stored as the text NaN; it holds no text to match. Typing "Nan" on the way to
// "Nancy" finds Nancy, not every row missing a city or an e-mail — in the index and in SQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { funds, investors } from '../../src/server/db/schema.js';
import { fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, type Call, insertFund, insertInvestor } from '../helpers/pipeline.js';
import { createVerifiedUser } from '../helpers/users.js';

describe.each(testDatabases())('missing values in search on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let user: Call;
  let nancy: number;
  let nanna: number;
  let fundNanjing: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    nancy = await insertInvestor(app, 'Nancy', 'Hale', 'Hale Ventures');
    nanna = await insertInvestor(app, 'Bo', 'Nanna', 'NaN');
    // Rows whose missing fields would have matched "nan": e-mail, firm, title and city all NaN.
    for (let k = 0; k < 5; k++) {
      const id = await insertInvestor(app, `Jo${k}`, 'Park', 'NaN');
      await app.db.update(investors).set({ email: 'NaN', contact_title: 'NaN', city: 'NaN' }).where(eq(investors.id, id));
    }
    fundNanjing = await insertFund(app, 'Nanjing Capital');
    const blank = await insertFund(app, 'Plain Partners');
    await app.db.update(funds).set({ full_name: 'NaN', title: 'NaN', firm_address: 'NaN' }).where(eq(funds.id, blank));
    await Promise.all([app.catalogue.investors.warmUp(), app.catalogue.funds.warmUp()]);
    user = caller(app, (await createVerifiedUser(app)).headers);
  });
  afterAll(() => close());

  const ids = async (path: string) =>
    ((await user('GET', path)).json().results as { id: number }[]).map((row) => row.id).sort((a, b) => a - b);

  it('finds the rows whose own text holds the term, by the index', async () => {
    expect(await ids('/investors/search?search_term=nan')).toEqual([nancy, nanna].sort((a, b) => a - b));
    expect(await ids('/investors/search?search_term=NaN')).toEqual([nancy, nanna].sort((a, b) => a - b));
    expect(await ids('/funds/search?search_term=nan')).toEqual([fundNanjing]);
  });

  it('answers the same by SQL', async () => {
    for (const [catalogue, expected] of [
      [investorCatalogue, [nancy, nanna]],
      [fundCatalogue, [fundNanjing]],
    ] as const) {
      const sqlOnly = new CatalogueSearch(app.db, catalogue, { facetIndex: false });
      const found = await sqlOnly.search(readSearchFilter(catalogue, { search_term: 'Nan' }), 1, 100);
      expect(found.results.map((row) => row.id).sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
    }
  });

  it('still finds a row by its own text when its other fields are missing', async () => {
    expect(await ids('/investors/search?search_term=park')).toHaveLength(5);
    expect(await ids('/investors/search?search_term=jo3%20park')).toHaveLength(1);
  });
});
