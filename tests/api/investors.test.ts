import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import {
  allInvestors,
  commonValues,
  expectedIds,
  type InvestorRecord,
  type Query,
  queryString,
  INVESTOR_READERS,
  searchAllIds,
} from '../helpers/catalogue.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { insertRows } from '../../src/server/db/catalogue-store.js';
import { bumpCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { investors } from '../../src/server/db/schema.js';
import { CatalogueGenerator } from '../../src/server/db/seed/generate.js';

const SEARCH = '/api/v1/investors/search';

const searchText = (r: InvestorRecord) =>
  [r.first_name, r.last_name, r.firm_name, r.contact_title, r.email, r.city].join(' ');

describe.each(testDatabases())('investors on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;
  let rows: InvestorRecord[];

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    ({ headers } = await createVerifiedUser(app));
    await seedCatalogue(app.db, { investors: 800, funds: 0, batchSize: 300 });
    // A row whose name holds LIKE's wildcards, to show a search term means them literally.
    const odd = new CatalogueGenerator().investorAt(999_999);
    await insertRows(app.db, investors, [{ ...odd, first_name: 'Zed%_Percent', last_name: "O'Brien" }]);
    await bumpCatalogueVersion(app.db);
    rows = await allInvestors(app);
  });
  afterAll(() => close());

  const get = (url: string, withAuth = true) => app.inject({ method: 'GET', url, headers: withAuth ? headers : {} });

  it('refuses every catalogue call without a valid access token', async () => {
    for (const url of [SEARCH, '/api/v1/investors/1']) {
      const res = await get(url, false);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBeTruthy();
      const forged = await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not-a-token' } });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('answers the first page of everything: 15 rows by id, total and total_pages', async () => {
    const res = await get(SEARCH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(rows.length);
    expect(body.total_pages).toBe(Math.ceil(rows.length / 15));
    expect(body.results.map((r: { id: number }) => r.id)).toEqual(rows.slice(0, 15).map((r) => r.id));
    expect(Object.keys(body.results[0]).sort()).toEqual(
      [
        'id',
        'first_name',
        'last_name',
        'contact_title',
        'email',
        'gender',
        'phone',
        'firm_name',
        'type_of_firm',
        'office_website',
        'capital_managed',
        'min_investment',
        'max_investment',
        'number_of_investors',
        'type_of_financing',
        'geographic_preferences',
        'stage_preferences',
        'industry_preferences',
        'city',
        'state',
        'country',
        // Its score against the caller's startup profile: null, as this caller has none.
        'fit',
      ].sort(),
    );
  });

  it('narrows by each filter alone, OR within a filter and AND across filters, exactly as the data says', async () => {
    const countries = commonValues(rows, (r) => r.country, 3);
    const cities = commonValues(rows, (r) => r.city, 3);
    const states = commonValues(rows, (r) => r.state, 2);
    const titles = commonValues(rows, (r) => r.contact_title, 2);
    const cases: Record<string, Query> = {
      'one country': { countries: countries[1] },
      'two countries (OR)': { countries: [countries[1], countries[2]] },
      cities: { cities },
      states: { states },
      'fund types': { fund_types: ['Startup Studio', 'Investment Bank'] },
      title: { title: titles[0] },
      'titles (OR)': { title: titles },
      stages: { stages: 'Seed' },
      'stages (OR)': { stages: ['MBO/LBO', 'PIPE'] },
      industries: { industries: ['Biotechnology', 'Software'] },
      'assets under management': { assets_under_management: '100000000-250000000' },
      'assets (two ranges, open top)': { assets_under_management: ['0-10000000', '10000000000-'] },
      'min investment': { min_investment: '1000000-5000000' },
      'max investment': { max_investment: ['10000000-25000000', '250000000-'] },
      'number of investors': { number_of_investors: ['6-11', '11-26'] },
      gender: { gender: 'Female' },
      'three filters (AND)': {
        countries: countries[0],
        stages: ['Seed', 'Early Stage', 'Startup'],
        assets_under_management: ['50000000-100000000', '100000000-250000000', '250000000-500000000'],
      },
      'search term': { search_term: rows[40].last_name.slice(0, 4).toUpperCase() },
      'search term on firm and filters': {
        search_term: ` ${rows[7].firm_name.split(' ')[0].toLowerCase()} `,
        countries: rows[7].country,
        gender: 'Male',
      },
    };
    for (const [name, query] of Object.entries(cases)) {
      const expected = expectedIds(rows, INVESTOR_READERS, query, searchText);
      expect(expected.length, `${name} matches something`).toBeGreaterThan(0);
      if (!name.includes('OR')) expect(expected.length, `${name} narrows`).toBeLessThan(rows.length);
      expect(await searchAllIds(app, SEARCH, query, headers), name).toEqual(expected);
    }
  });

  it('treats LIKE wildcards and quotes in a search term as plain characters', async () => {
    for (const term of ['%_', 'd%_p', "o'brien", 'ZED%']) {
      const ids = await searchAllIds(app, SEARCH, { search_term: term }, headers);
      expect(ids, term).toEqual(expectedIds(rows, INVESTOR_READERS, { search_term: term }, searchText));
      expect(ids, term).toHaveLength(1);
    }
    const ids = await searchAllIds(app, SEARCH, { search_term: '_' }, headers);
    expect(ids).toEqual(expectedIds(rows, INVESTOR_READERS, { search_term: '_' }, searchText));
  });

  it('pages: any page size, late pages read from the end, past the end is empty', async () => {
    const all = rows.map((r) => r.id);
    const page = async (query: Query) => {
      const res = await get(`${SEARCH}${queryString(query)}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { results: { id: number }[]; total_pages: number; total: number };
    };
    const second = await page({ page: 2, per_page: 7 });
    expect(second.results.map((r) => r.id)).toEqual(all.slice(7, 14));
    expect(second.total_pages).toBe(Math.ceil(all.length / 7));
    const lastPage = Math.ceil(all.length / 15);
    const last = await page({ page: lastPage });
    expect(last.results.map((r) => r.id)).toEqual(all.slice((lastPage - 1) * 15));
    const late = await page({ page: lastPage - 3 });
    expect(late.results.map((r) => r.id)).toEqual(all.slice((lastPage - 4) * 15, (lastPage - 3) * 15));
    const past = await page({ page: lastPage + 1 });
    expect(past.results).toEqual([]);
    expect(past.total_pages).toBe(lastPage);
    const hundred = await page({ per_page: 100, page: 3 });
    expect(hundred.results.map((r) => r.id)).toEqual(all.slice(200, 300));
    const none = await page({ countries: 'Atlantis' });
    expect(none).toEqual({ results: [], total_pages: 0, total: 0 });
  });

  it('answers one investor by id, missing numbers as NaN, and 404 for an unknown id', async () => {
    const withGap = rows.find((r) => r.capital_managed === null)!;
    const res = await get(`/api/v1/investors/${withGap.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.id).toBe(withGap.id);
    expect(body.capital_managed).toBe('NaN');
    expect(body.first_name).toBe(withGap.first_name);
    expect(body.stage_preferences).toEqual(withGap.stage_preferences);
    const full = rows.find((r) => r.capital_managed !== null && r.number_of_investors !== null)!;
    const fullBody = (await get(`/api/v1/investors/${full.id}`)).json();
    expect(fullBody.capital_managed).toBe(full.capital_managed);
    expect(fullBody.number_of_investors).toBe(full.number_of_investors);

    const missing = await get('/api/v1/investors/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Investor 999999 not found' });
  });

  it('refuses bad input with a 4xx and a detail, never a 5xx', async () => {
    const bad = [
      `${SEARCH}?page=0`,
      `${SEARCH}?page=-1`,
      `${SEARCH}?page=99999999999999999999`,
      `${SEARCH}?page=abc`,
      `${SEARCH}?page=1.5`,
      `${SEARCH}?per_page=1000`,
      `${SEARCH}?per_page=0`,
      `${SEARCH}?sort=name`,
      `${SEARCH}?countries[]=France`,
      `${SEARCH}?search_term=${'a'.repeat(5000)}`,
      `${SEARCH}?countries=${'b'.repeat(5000)}`,
      `${SEARCH}?search_term=nul%00byte`,
      `${SEARCH}?stages=Pre-Seed`,
      `${SEARCH}?fund_types=Hedge%20Fund`,
      `${SEARCH}?assets_under_management=1-2`,
      `${SEARCH}?assets_under_management=${encodeURIComponent("0-10000000' OR 1=1 --")}`,
      `${SEARCH}?gender=Other`,
      `${SEARCH}?gender=Male&gender=Female`,
      `${SEARCH}?${Array.from({ length: 101 }, (_, i) => `cities=c${i}`).join('&')}`,
      '/api/v1/investors/abc',
      '/api/v1/investors/0',
      '/api/v1/investors/-4',
      '/api/v1/investors/99999999999',
      '/api/v1/investors/1?x=1',
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json().detail, url).toBe('string');
    }
    const unknownKey = await get(`${SEARCH}?sort=name`);
    expect(unknownKey.json().detail).toContain("'sort'");
  });

  it('takes SQL metacharacters as plain values', async () => {
    const injections = ["'; drop table investors;--", '" OR 1=1 --', '\\', '%', "Robert'); DELETE FROM investors; --"];
    for (const value of injections) {
      for (const key of ['search_term', 'countries', 'cities', 'title', 'states']) {
        const res = await get(`${SEARCH}${queryString({ [key]: value })}`);
        expect(res.statusCode, `${key}=${value}`).toBe(200);
        const expected = expectedIds(rows, INVESTOR_READERS, { [key]: value }, searchText);
        expect(res.json().total, `${key}=${value}`).toBe(expected.length);
      }
    }
    expect((await allInvestors(app)).length).toBe(rows.length);
    for (const raw of ['%FF', '%E0%A4%A', '%C0%AF', '%F0%9F%98%80', '%EF%BF%BF']) {
      const res = await get(`${SEARCH}?search_term=${raw}`);
      expect(res.statusCode, raw).toBeLessThan(500);
    }
  });
});
