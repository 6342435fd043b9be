// A saved search's new rows (src/server/README.md, "Saved searches"): the catalogue rows added after it was last seen
// that match it, whether they came from an import, the seed or SQL; rows the catalogue held before the
// migration are never new; seen starts the count again. Every count and page is checked against an
// oracle worked out here from every row, both while the search index is stale (SQL answers) and once it
// is current (the index answers).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { importCatalogueCsv } from '../../src/server/db/import/import-csv.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { savedSearchNewPath, savedSearchSeenPath, SAVED_SEARCHES_PATH, type SavedSearch } from '../../src/shared/saved-searches.js';
import { STARTUP_PATH } from '../../src/shared/api-paths.js';
import { compileFitProfile } from '../../src/shared/fit.js';
import type { SavedSearchQuery } from '../../src/shared/saved-searches.js';
import { FacetIndex } from '../../src/server/modules/catalogue/facet-index.js';
import { fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { epochMicrosSql } from '../../src/server/modules/catalogue/added-order.js';
import { savedSearchFilter } from '../../src/server/modules/saved-searches/saved-query.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import {
  allFunds,
  allInvestors,
  expectedIds,
  FUND_READERS,
  type FundRecord,
  INVESTOR_READERS,
  type InvestorRecord,
  type Query,
} from '../helpers/catalogue.js';
import { fundOracleRow, investorOracleRow, oracleFit } from '../helpers/fit-oracle.js';
import { olderDatabase } from '../helpers/migrations.js';
import { caller, type Call, insertInvestor } from '../helpers/pipeline.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';

const API = '/api/v1';
const PATH = SAVED_SEARCHES_PATH.slice(API.length);

/** search_text as the database builds it: the fields joined by spaces, a missing one empty. */
const text = (...fields: string[]) => fields.map((f) => (f === 'NaN' ? '' : f)).join(' ');
const investorText = (r: InvestorRecord) => text(r.first_name, r.last_name, r.firm_name, r.contact_title, r.email, r.city);
const fundText = (r: FundRecord) => text(r.firm_name, r.full_name, r.title, r.firm_email, r.contact_email, r.firm_address);

const SEARCHES: Array<{ name: string; kind: 'investors' | 'funds'; query: Query }> = [
  { name: 'Everyone', kind: 'investors', query: {} },
  { name: 'Seed in Germany', kind: 'investors', query: { countries: ['Germany'], stages: ['Seed'] } },
  { name: 'Germany', kind: 'investors', query: { countries: ['Germany'] } },
  { name: 'Capital, early', kind: 'investors', query: { search_term: 'capital', stages: ['Seed', 'Early Stage'] } },
  { name: 'Good fits', kind: 'investors', query: { sort: 'fit', min_fit: 60 } },
  { name: 'Big checks by fit', kind: 'investors', query: { sort: 'fit', max_investment: ['10000000-25000000', '25000000-50000000'] } },
  { name: 'All funds', kind: 'funds', query: {} },
  { name: 'Partners funds', kind: 'funds', query: { search_term: 'partners', min_fit: 40 } },
];

/** Three investors of our own: one in Germany at Seed, one in Germany at Expansion, one in Iceland at Seed. */
const IMPORTED = [
  'first_name,last_name,contact_title,email,gender,phone,firm_name,type_of_firm,office_website,capital_managed,min_investment,max_investment,number_of_investors,type_of_financing,geographic_preferences,stage_preferences,industry_preferences,city,state,country',
  'Greta,Neumann,Partner,greta@spree.example,Female,NaN,Spree Capital,Venture Capital Fund,NaN,90000000,250000,2000000,6,Equity,Germany,Seed,Software,Berlin,NaN,Germany',
  'Lukas,Brandt,Principal,lukas@elbe.example,Male,NaN,Elbe Growth,Private Equity Fund,NaN,900000000,5000000,40000000,14,Equity,Europe,Expansion,Manufacturing,Hamburg,NaN,Germany',
  'Sigrun,Olafs,Partner,sigrun@fjord.example,Female,NaN,Fjord Capital,Venture Capital Fund,NaN,50000000,100000,1000000,4,Equity,Europe,Seed,Software,Reykjavik,NaN,Iceland',
].join('\n');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases())('saved searches’ new rows on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let call: Call;
  let saved: SavedSearch[];
  /** The rows the catalogue held before the migration that added added_at. */
  const before = { investors: 0, funds: 0 };

  beforeAll(async () => {
    const older = await olderDatabase(kind.name, '0007_saved_searches', async (db) => {
      await seedCatalogue(db, { investors: 250, funds: 60 });
    });
    ({ app, close } = await buildTestApp(older, { rateLimit: false }));
    before.investors = (await allInvestors(app)).length;
    before.funds = (await allFunds(app)).length;
    call = caller(app, (await createVerifiedUser(app)).headers);
    expect((await call('PUT', STARTUP_PATH, SAMPLE_STARTUP)).statusCode).toBe(200);
    saved = [];
    for (const search of SEARCHES) {
      const res = await call('POST', PATH, search);
      expect(res.statusCode, res.body).toBe(201);
      saved.push(res.json());
    }
  });
  afterAll(() => close());

  /** The ids the saved search's new rows should be, in its search's order, from every row and the database's added_at. */
  async function oracle(search: SavedSearch): Promise<number[]> {
    const newer = await queryRows(
      app.db,
      sql`SELECT id FROM ${sql.identifier(search.kind)}
          WHERE added_at > (SELECT last_seen_at FROM saved_searches WHERE id = ${search.id})`,
    );
    const isNew = new Set(newer.map((row) => Number(row.id)));
    const { sort, min_fit: minFit, ...filters } = search.query;
    const rows: Array<InvestorRecord | FundRecord> = search.kind === 'investors' ? await allInvestors(app) : await allFunds(app);
    const matching = new Set(
      search.kind === 'investors'
        ? expectedIds(rows as InvestorRecord[], INVESTOR_READERS, filters as Query, investorText)
        : expectedIds(rows as FundRecord[], FUND_READERS, filters as Query, fundText),
    );
    const toFit = search.kind === 'investors' ? investorOracleRow : fundOracleRow;
    const scored = rows
      .filter((row) => isNew.has(row.id) && matching.has(row.id))
      .map((row) => ({ id: row.id, score: oracleFit(SAMPLE_STARTUP, toFit(row)).score }))
      .filter((row) => row.score >= Number(minFit ?? 0));
    if (sort === 'fit') scored.sort((a, b) => b.score - a.score || a.id - b.id);
    return scored.map((row) => row.id);
  }

  async function listed(): Promise<SavedSearch[]> {
    const res = await call('GET', PATH);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  /** Every new row of the search, page by page, checking the paging on the way. */
  async function newRows(search: SavedSearch, perPage = 7) {
    const rows: Array<{ id: number; fit: { score: number } | null }> = [];
    for (let page = 1; ; page++) {
      const res = await call('GET', `${savedSearchNewPath(search.id).slice(API.length)}?page=${page}&per_page=${perPage}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      rows.push(...body.results);
      expect(body.total_pages).toBe(Math.ceil(body.total / perPage));
      if (page >= body.total_pages) {
        expect(rows).toHaveLength(body.total);
        return rows;
      }
    }
  }

  /** Counts and pages of every saved search against the oracle. */
  async function expectExact() {
    const answered = await listed();
    for (const search of answered) {
      const expected = await oracle(search);
      expect(search.new_count, search.name).toBe(expected.length);
      const rows = await newRows(search);
      expect(rows.map((row) => row.id), search.name).toEqual(expected);
      for (const row of rows) expect(row.fit?.score).toEqual(expect.any(Number));
    }
    return answered;
  }

  const indexes = async () => {
    const version = await readCatalogueVersion(app.db);
    return [app.catalogue.investors.facetIndex(version), app.catalogue.funds.facetIndex(version)];
  };

  it('keeps the rows of before the migration unknown, and never new, however long ago a search was seen', async () => {
    const [{ unknown, total }] = await queryRows(
      app.db,
      sql`SELECT count(*) FILTER (WHERE added_at IS NULL)::int AS unknown, count(*)::int AS total FROM investors`,
    );
    expect([unknown, total]).toEqual([before.investors, before.investors]);
    await app.db.execute(sql`UPDATE saved_searches SET last_seen_at = 'epoch'`);
    await Promise.all(Object.values(app.catalogue).map((search) => search.warmUp()));
    for (const search of await listed()) expect(search.new_count, search.name).toBe(0);
    await Promise.all(saved.map((search) => call('POST', savedSearchSeenPath(search.id).slice(API.length))));
  });

  it('counts the rows an import, the seed and SQL add, for the searches they match and no others, in SQL and by the index', async () => {
    await pause(5);
    const summary = await importCatalogueCsv(app.db, 'investors', IMPORTED);
    expect(summary).toMatchObject({ inserted: 3, skipped: 0 });
    const counts = Object.fromEntries((await listed()).map((search) => [search.name, search.new_count]));
    // Greta is Seed in Germany, Lukas in Germany only, Sigrun neither; no fund came.
    expect(counts).toMatchObject({ Everyone: 3, 'Seed in Germany': 1, Germany: 2, 'All funds': 0 });

    await seedCatalogue(app.db, { investors: 120, funds: 25 });
    await insertInvestor(app, 'Ada', 'Sqlwright', 'Raw Capital');
    expect((await indexes()).every((index) => index === null)).toBe(true);
    const bySql = await expectExact();
    expect(bySql.find((search) => search.name === 'Everyone')!.new_count).toBe(3 + 120 + 1);
    expect(bySql.find((search) => search.name === 'All funds')!.new_count).toBe(25);

    await Promise.all(Object.values(app.catalogue).map((search) => search.warmUp()));
    expect((await indexes()).every((index) => index !== null)).toBe(true);
    const byIndex = await expectExact();
    expect(byIndex).toEqual(bySql);
  });

  it('counts a few new rows among many one by one, as exactly', async () => {
    // Seen just before the newest few rows: the index tests those rows one by one instead of every row's bits.
    for (const [table, newest] of [['investors', 12], ['funds', 4]] as const) {
      await app.db.execute(sql`
        UPDATE saved_searches SET last_seen_at = (
          SELECT added_at FROM ${sql.identifier(table)} ORDER BY added_at DESC NULLS LAST, id DESC OFFSET ${newest} LIMIT 1)
        WHERE kind = ${table}`);
    }
    expect((await indexes()).every((index) => index !== null)).toBe(true);
    const answered = await expectExact();
    // Rows of one statement share their added time: the newest few are those after the seed's last batch.
    const everyone = answered.find((search) => search.name === 'Everyone')!.new_count;
    expect(everyone).toBeGreaterThan(0);
    expect(everyone * 16).toBeLessThanOrEqual((await allInvestors(app)).length);
  });

  it('counts a window of new rows alike every way the index may: by whole texts, by fields, by dictionaries, in SQL', async () => {
    const profile = compileFitProfile(SAMPLE_STARTUP);
    const ways = await Promise.all(
      [
        { recentTexts: 1_000_000, termOneByOne: 0 },
        { recentTexts: 0, termOneByOne: 1_000_000 },
        { recentTexts: 0, termOneByOne: 0 },
      ].map(async (tuning) => ({
        investors: (await FacetIndex.build(app.db, investorCatalogue, tuning))!,
        funds: (await FacetIndex.build(app.db, fundCatalogue, tuning))!,
      })),
    );
    const bySql = {
      investors: new CatalogueSearch(app.db, investorCatalogue, { facetIndex: false }),
      funds: new CatalogueSearch(app.db, fundCatalogue, { facetIndex: false }),
    };
    const version = await readCatalogueVersion(app.db);
    let compared = 0;
    let found = 0;
    for (const search of SEARCHES) {
      for (const newest of [1, 8, 20]) {
        const [{ after }] = await queryRows(
          app.db,
          sql`SELECT ${epochMicrosSql(sql`added_at`)} AS after FROM ${sql.identifier(search.kind)}
              ORDER BY added_at DESC NULLS LAST, id DESC OFFSET ${newest} LIMIT 1`,
        );
        const { filter, fit } = savedSearchFilter(search.kind, search.query as SavedSearchQuery, { after: Number(after) }, profile);
        const needle = filter.term?.toLowerCase();
        const expected = await bySql[search.kind].count(version, filter, fit);
        if (expected > 0) found++;
        for (const indexes of ways) {
          const index = indexes[search.kind];
          expect(index.count(filter, needle, fit), `${search.name}, newest ${newest}`).toBe(expected);
          expect(index.match(filter, 0, 0, needle, fit && { ...fit, byScore: false })!.total).toBe(expected);
          compared++;
        }
      }
    }
    expect(compared).toBe(SEARCHES.length * 3 * 3);
    expect(found).toBeGreaterThan(SEARCHES.length / 2);
  });

  it('does not count a row an import changes as new', async () => {
    const [old] = await queryRows(app.db, sql`SELECT id, first_name FROM investors WHERE added_at IS NULL ORDER BY id LIMIT 1`);
    const everyoneBefore = (await listed()).find((search) => search.name === 'Everyone')!.new_count;
    const header = IMPORTED.split('\n')[0];
    const changed = `id,${header}\n${old.id},${IMPORTED.split('\n')[1].replace('Greta', 'Gretchen')}`;
    expect(await importCatalogueCsv(app.db, 'investors', changed)).toMatchObject({ updated: 1, inserted: 0 });
    expect((await listed()).find((search) => search.name === 'Everyone')!.new_count).toBe(everyoneBefore);
    const [row] = await queryRows(app.db, sql`SELECT added_at FROM investors WHERE id = ${old.id}`);
    expect(row.added_at).toBeNull();
  });

  it('starts again from none once seen, for that search only', async () => {
    const germany = saved.find((search) => search.name === 'Germany')!;
    const beforeSeen = await listed();
    const res = await call('POST', savedSearchSeenPath(germany.id).slice(API.length));
    expect(res.statusCode).toBe(200);
    const seen = res.json();
    expect(seen).toMatchObject({ id: germany.id, name: 'Germany', new_count: 0 });
    expect(Date.parse(seen.last_seen_at)).toBeGreaterThan(Date.parse(germany.last_seen_at));
    const after = await listed();
    for (const search of after) {
      const was = beforeSeen.find((other) => other.id === search.id)!;
      expect(search.new_count, search.name).toBe(search.id === germany.id ? 0 : was.new_count);
    }
    expect((await call('GET', `${savedSearchNewPath(germany.id).slice(API.length)}`)).json()).toEqual({
      results: [],
      total_pages: 0,
      total: 0,
    });

    // A row added after that is new to it again.
    await pause(5);
    await insertInvestor(app, 'Jonas', 'Later', 'Later Ventures');
    expect((await listed()).find((search) => search.id === germany.id)!.new_count).toBe(1);
    await expectExact();
  });
});
