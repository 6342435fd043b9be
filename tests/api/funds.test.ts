import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import {
  allFunds,
  commonValues,
  expectedIds,
  type FundRecord,
  type Query,
  queryString,
  FUND_READERS,
  searchAllIds,
} from '../helpers/catalogue.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';

const SEARCH = '/api/v1/funds/search';

const searchText = (r: FundRecord) =>
  [r.firm_name, r.full_name, r.title, r.firm_email, r.contact_email, r.firm_address].join(' ');

const FUND_FIELDS = [
  'id',
  'firm_name',
  'full_name',
  'title',
  'firm_email',
  'firm_phone',
  'firm_website',
  'firm_type',
  'capital_managed',
  'min_investment',
  'max_investment',
  'financing_type',
  'geographic_preferences',
  'stage_preferences',
  'industry_preferences',
  'contact_email',
  'contact_phone',
  'firm_address',
  'firm_state',
  'firm_country',
];

describe.each(testDatabases())('funds on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;
  let rows: FundRecord[];

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    ({ headers } = await createVerifiedUser(app));
    await seedCatalogue(app.db, { investors: 0, funds: 700 });
    rows = await allFunds(app);
  });
  afterAll(() => close());

  const get = (url: string, withAuth = true) => app.inject({ method: 'GET', url, headers: withAuth ? headers : {} });

  it('refuses every fund call without a valid access token', async () => {
    for (const url of [SEARCH, '/api/v1/funds/1']) {
      const res = await get(url, false);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBeTruthy();
    }
  });

  it('answers the fund wire fields, 15 per page', async () => {
    const res = await get(SEARCH);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(rows.length);
    expect(body.total_pages).toBe(Math.ceil(rows.length / 15));
    expect(body.results).toHaveLength(15);
    for (const fund of body.results) expect(Object.keys(fund).sort()).toEqual([...FUND_FIELDS, 'fit'].sort());
  });

  it('narrows by each filter alone, OR within a filter and AND across filters, exactly as the data says', async () => {
    const countries = commonValues(rows, (r) => r.firm_country, 3);
    const cases: Record<string, Query> = {
      'one country': { countries: countries[1] },
      'two countries (OR)': { countries: [countries[1], countries[2]] },
      cities: { cities: commonValues(rows, (r) => r.firm_city, 2) },
      states: { states: commonValues(rows, (r) => r.firm_state, 2) },
      'fund types': { fund_types: 'Private Equity Fund' },
      stages: { stages: ['Seed', 'Turnaround'] },
      industries: { industries: 'Financial Services' },
      'assets under management': { assets_under_management: ['1000000000-5000000000'] },
      'min investment': { min_investment: ['0-100000', '100000-250000'] },
      'max investment': { max_investment: '1000000-5000000' },
      'number of investors': { number_of_investors: ['0-6'] },
      'gender ratio': { gender_ratio: '20-40' },
      'gender ratio (OR, open top)': { gender_ratio: ['0-20', '80-'] },
      'three filters (AND)': {
        fund_types: ['Venture Capital Fund', 'Startup Studio'],
        stages: 'Seed',
        gender_ratio: ['0-20', '20-40'],
      },
      'search term': { search_term: rows[12].firm_name.slice(2, 8).toLowerCase() },
      'search term on the address and filters': {
        search_term: rows[30].firm_city,
        number_of_investors: ['0-6', '6-11', '11-26'],
      },
    };
    for (const [name, query] of Object.entries(cases)) {
      const expected = expectedIds(rows, FUND_READERS, query, searchText);
      expect(expected.length, `${name} matches something`).toBeGreaterThan(0);
      if (!name.includes('OR')) expect(expected.length, `${name} narrows`).toBeLessThan(rows.length);
      expect(await searchAllIds(app, SEARCH, query, headers), name).toEqual(expected);
    }
  });

  it('pages to the last page and past it', async () => {
    const all = rows.map((r) => r.id);
    const lastPage = Math.ceil(all.length / 15);
    const last = (await get(`${SEARCH}${queryString({ page: lastPage })}`)).json();
    expect(last.results.map((r: { id: number }) => r.id)).toEqual(all.slice((lastPage - 1) * 15));
    const past = (await get(`${SEARCH}${queryString({ page: lastPage + 5 })}`)).json();
    expect(past.results).toEqual([]);
  });

  it('answers one fund by id, missing numbers as NaN, and 404 for an unknown id', async () => {
    const fund = rows.find((r) => r.min_investment === null)!;
    const res = await get(`/api/v1/funds/${fund.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([...FUND_FIELDS, 'fit'].sort());
    expect(body.fit).toBeNull();
    expect(body.min_investment).toBe('NaN');
    expect(body.firm_name).toBe(fund.firm_name);
    const missing = await get('/api/v1/funds/424242');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Fund 424242 not found' });
  });

  it('refuses bad input with a 4xx and a detail, never a 5xx', async () => {
    const bad = [
      `${SEARCH}?page=0`,
      `${SEARCH}?per_page=101`,
      `${SEARCH}?title=Partner`,
      `${SEARCH}?gender=Female`,
      `${SEARCH}?gender_ratio=50-60`,
      `${SEARCH}?gender_ratio=abc`,
      `${SEARCH}?number_of_investors=-1-5`,
      `${SEARCH}?search_term=${'x'.repeat(201)}`,
      '/api/v1/funds/1.5',
      '/api/v1/funds/2147483648',
    ];
    for (const url of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(typeof res.json().detail, url).toBe('string');
    }
    const injection = await get(
      `${SEARCH}${queryString({ search_term: "'; drop table funds;--", cities: "x' OR '1'='1" })}`,
    );
    expect(injection.statusCode).toBe(200);
    expect(injection.json().total).toBe(0);
    expect((await allFunds(app)).length).toBe(rows.length);
  });
});
