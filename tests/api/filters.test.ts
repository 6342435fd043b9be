import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import { allFunds, allInvestors, type FundRecord, type InvestorRecord } from '../helpers/catalogue.js';
import type { OptionItem } from '../../src/shared/api-types.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { CatalogueGenerator } from '../../src/server/db/seed/generate.js';
import { insertRows } from '../../src/server/db/catalogue-store.js';
import { bumpCatalogueVersion, readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { sql } from 'drizzle-orm';
import { investors } from '../../src/server/db/schema.js';

// Each filter call's path, exactly as clients call it, and the key it answers under.
const INVESTOR_FILTER_CALLS = {
  states: 'states',
  stage_preferences: 'stage_preferences',
  industry_preferences: 'industry_preferences',
  country: 'countries',
  fund_type: 'fund_types',
  assets_under_management: 'assets_under_management',
  cities: 'cities',
  min_investment: 'minimum_investment',
  max_investment: 'maximum_investment',
  number_of_investors: 'number_of_investors',
  job_title: 'job_title',
};
const FUND_FILTER_CALLS = {
  'stage-preferences': 'stage_preferences',
  'industry-preferences': 'industry_preferences',
  countries: 'countries',
  'fund-types': 'fund_types',
  cities: 'cities',
  states: 'states',
  'assets-under-management': 'assets_under_management',
  'min-investment': 'minimum_investment',
  'max-investment': 'maximum_investment',
  'number-of-investors': 'number_of_investors',
  'gender-ratio': 'gender_ratio',
};

type Source<R> =
  { text: (row: R) => string[] } | { numbers: (row: R) => number | null; edges: number[]; labels: string[] };

const AUM_LABELS = [
  'Under $10M',
  '$10M – $50M',
  '$50M – $100M',
  '$100M – $250M',
  '$250M – $500M',
  '$500M – $1B',
  '$1B – $5B',
  '$5B – $10B',
  '$10B+',
];
const AUM_EDGES = [0, 10e6, 50e6, 100e6, 250e6, 500e6, 1e9, 5e9, 10e9];
const MIN_EDGES = [0, 100e3, 250e3, 500e3, 1e6, 5e6, 10e6, 25e6];
const MIN_LABELS = [
  'Under $100K',
  '$100K – $250K',
  '$250K – $500K',
  '$500K – $1M',
  '$1M – $5M',
  '$5M – $10M',
  '$10M – $25M',
  '$25M+',
];
const MAX_EDGES = [0, 1e6, 5e6, 10e6, 25e6, 50e6, 100e6, 250e6];
const MAX_LABELS = [
  'Under $1M',
  '$1M – $5M',
  '$5M – $10M',
  '$10M – $25M',
  '$25M – $50M',
  '$50M – $100M',
  '$100M – $250M',
  '$250M+',
];
const TEAM_EDGES = [0, 6, 11, 26, 51, 101, 251];
const TEAM_LABELS = ['Up to 5', '6 – 10', '11 – 25', '26 – 50', '51 – 100', '101 – 250', '251+'];
const RATIO_EDGES = [0, 20, 40, 60, 80];
const RATIO_LABELS = ['Under 20% women', '20% – 40% women', '40% – 60% women', '60% – 80% women', '80% or more women'];

const investorSources: Record<string, Source<InvestorRecord>> = {
  states: { text: (r) => [r.state] },
  stage_preferences: { text: (r) => r.stage_preferences },
  industry_preferences: { text: (r) => r.industry_preferences },
  countries: { text: (r) => [r.country] },
  fund_types: { text: (r) => [r.type_of_firm] },
  cities: { text: (r) => [r.city] },
  job_title: { text: (r) => [r.contact_title] },
  assets_under_management: { numbers: (r) => r.capital_managed, edges: AUM_EDGES, labels: AUM_LABELS },
  minimum_investment: { numbers: (r) => r.min_investment, edges: MIN_EDGES, labels: MIN_LABELS },
  maximum_investment: { numbers: (r) => r.max_investment, edges: MAX_EDGES, labels: MAX_LABELS },
  number_of_investors: { numbers: (r) => r.number_of_investors, edges: TEAM_EDGES, labels: TEAM_LABELS },
};

const fundSources: Record<string, Source<FundRecord>> = {
  stage_preferences: { text: (r) => r.stage_preferences },
  industry_preferences: { text: (r) => r.industry_preferences },
  countries: { text: (r) => [r.firm_country] },
  fund_types: { text: (r) => [r.firm_type] },
  cities: { text: (r) => [r.firm_city] },
  states: { text: (r) => [r.firm_state] },
  assets_under_management: { numbers: (r) => r.capital_managed, edges: AUM_EDGES, labels: AUM_LABELS },
  minimum_investment: { numbers: (r) => r.min_investment, edges: MIN_EDGES, labels: MIN_LABELS },
  maximum_investment: { numbers: (r) => r.max_investment, edges: MAX_EDGES, labels: MAX_LABELS },
  number_of_investors: { numbers: (r) => r.number_of_investors, edges: TEAM_EDGES, labels: TEAM_LABELS },
  gender_ratio: { numbers: (r) => r.gender_ratio, edges: RATIO_EDGES, labels: RATIO_LABELS },
};

/** What a filter call should answer: values in use, A to Z; buckets holding rows, low to high. */
function expectedOptions<R>(rows: R[], source: Source<R>): OptionItem[] {
  if ('text' in source) {
    const values = [...new Set(rows.flatMap(source.text))].filter((v) => v !== 'NaN' && v !== '');
    values.sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }));
    return values.map((value) => ({ label: value, value }));
  }
  const { edges, labels } = source;
  return edges.flatMap((lo, i) => {
    const hi = edges[i + 1];
    const used = rows.some((r) => {
      const x = source.numbers(r);
      return x !== null && x >= lo && (hi === undefined || x < hi);
    });
    return used ? [{ label: labels[i], value: `${lo}-${hi ?? ''}` }] : [];
  });
}

describe.each(testDatabases())('filter options on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    ({ headers } = await createVerifiedUser(app));
    await seedCatalogue(app.db, { investors: 600, funds: 400 });
  });
  afterAll(() => close());

  const get = (url: string, withAuth = true) => app.inject({ method: 'GET', url, headers: withAuth ? headers : {} });

  it('answers every investor filter path with its key and the options the catalogue holds', async () => {
    const rows = await allInvestors(app);
    for (const [path, key] of Object.entries(INVESTOR_FILTER_CALLS)) {
      const res = await get(`/api/v1/filters/investors/${path}`);
      expect(res.statusCode, path).toBe(200);
      const body = res.json();
      expect(Object.keys(body), path).toEqual([key]);
      const expected = expectedOptions(rows, investorSources[key]);
      expect(expected.length, path).toBeGreaterThan(1);
      expect(body[key], path).toEqual(expected);
    }
  });

  it('answers every fund filter path with its key and the options the catalogue holds', async () => {
    const rows = await allFunds(app);
    for (const [path, key] of Object.entries(FUND_FILTER_CALLS)) {
      const res = await get(`/api/v1/filters/investment-funds/${path}`);
      expect(res.statusCode, path).toBe(200);
      const body = res.json();
      expect(Object.keys(body), path).toEqual([key]);
      const expected = expectedOptions(rows, fundSources[key]);
      expect(expected.length, path).toBeGreaterThan(1);
      expect(body[key], path).toEqual(expected);
    }
  });

  it('lists every stage and industry of the vocabulary the seed uses', async () => {
    const stages = (await get('/api/v1/filters/investors/stage_preferences')).json().stage_preferences;
    expect(stages).toHaveLength(20);
    const industries = (await get('/api/v1/filters/investment-funds/industry-preferences')).json().industry_preferences;
    expect(industries).toHaveLength(20);
  });

  it('keeps options cached until the catalogue version changes, then recomputes them', async () => {
    const countries = async () =>
      ((await get('/api/v1/filters/investors/country')).json().countries as OptionItem[]).map((o) => o.value);
    expect(await countries()).not.toContain('Atlantis');
    const version = await readCatalogueVersion(app.db);
    // Any write to the catalogue, however made, bumps the version: the database does it.
    const row = new CatalogueGenerator().investorAt(123_456);
    await insertRows(app.db, investors, [{ ...row, country: 'Atlantis' }]);
    expect(await readCatalogueVersion(app.db)).toBe(version + 1);
    expect(await countries()).toContain('Atlantis');
    // Cached for that version: the same answer until the next bump.
    await app.db.execute(sql`UPDATE investors SET country = 'Lemuria' WHERE country = 'Atlantis'`);
    await app.db.execute(sql`UPDATE catalogue_state SET version = ${version + 1}`);
    expect(await countries()).toContain('Atlantis');
    await bumpCatalogueVersion(app.db);
    expect(await countries()).toContain('Lemuria');
  });

  it('needs a token, knows only its paths and takes no query', async () => {
    const anonymous = await get('/api/v1/filters/investors/states', false);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBeTruthy();
    const unknown = await get('/api/v1/filters/investors/planets');
    expect(unknown.statusCode).toBe(404);
    // The fund paths are kebab-case, the investor paths snake_case, as the client calls them.
    expect((await get('/api/v1/filters/investment-funds/stage_preferences')).statusCode).toBe(404);
    const withQuery = await get('/api/v1/filters/investors/states?refresh=1');
    expect(withQuery.statusCode).toBe(422);
    expect(withQuery.json().detail).toContain('refresh');
  });
});
