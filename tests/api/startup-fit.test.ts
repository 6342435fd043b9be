// The startup profile, the fit score on every answered row, search by fit (sort=fit, min_fit) and the
// round's progress, on PGlite and PostgreSQL. Scores and orders are checked against an oracle that
// recomputes them from the rows as stored (tests/helpers/fit-oracle.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { fundCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { compileFitProfile, type CompleteStartupProfile, type Fit, type StartupProfile } from '../../src/shared/fit.js';
import { buildTestApp } from '../helpers/app.js';
import { allFunds, allInvestors, queryString, type Query } from '../helpers/catalogue.js';
import { testDatabases } from '../helpers/database.js';
import { fundOracleRow, investorOracleRow, oracleFit, type OracleRow } from '../helpers/fit-oracle.js';
import { caller, type Call } from '../helpers/pipeline.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';

const PROFILE = SAMPLE_STARTUP;

type ScoredRow = { id: number; fit: Fit | null };
type Page = { results: ScoredRow[]; total: number; total_pages: number };

describe.each(testDatabases())('startup profile and fit on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let founder: Call;
  let newcomer: Call;
  let investorRows: Map<number, OracleRow>;
  let fundRows: Map<number, OracleRow>;
  const now = new Date('2026-11-25T10:00:00Z');

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, clock: () => now }));
    await seedCatalogue(app.db, { investors: 1500, funds: 400 });
    await Promise.all([app.catalogue.investors.warmUp(), app.catalogue.funds.warmUp()]);
    founder = caller(app, (await createVerifiedUser(app)).headers);
    newcomer = caller(app, (await createVerifiedUser(app)).headers);
    investorRows = new Map((await allInvestors(app)).map((r) => [r.id, investorOracleRow(r)]));
    fundRows = new Map((await allFunds(app)).map((r) => [r.id, fundOracleRow(r)]));
    expect((await founder('PUT', '/startup', PROFILE)).statusCode).toBe(200);
  });
  afterAll(() => close());

  const search = async (call: Call, catalogue: string, query: Query): Promise<Page> => {
    const response = await call('GET', `/${catalogue}/search${queryString(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /** What sort=fit must answer: every row the filter keeps, best first, ties by id. */
  function ranked(rows: Map<number, OracleRow>, keep: (id: number) => boolean, profile: StartupProfile, min = 0) {
    return [...rows.entries()]
      .filter(([id]) => keep(id))
      .map(([id, row]) => ({ id, score: oracleFit(profile, row).score }))
      .filter((row) => row.score >= min)
      .sort((a, b) => b.score - a.score || a.id - b.id);
  }

  async function allPages(call: Call, catalogue: string, query: Query, perPage: number): Promise<ScoredRow[]> {
    const first = await search(call, catalogue, { ...query, per_page: perPage });
    const rows = [...first.results];
    for (let page = 2; page <= first.total_pages; page++) {
      rows.push(...(await search(call, catalogue, { ...query, per_page: perPage, page })).results);
    }
    expect(rows).toHaveLength(first.total);
    return rows;
  }

  describe('the profile', () => {
    it('is all nulls before the first save, and reads back as saved', async () => {
      expect((await newcomer('GET', '/startup')).json()).toEqual({
        name: null,
        pitch: null,
        stage: null,
        industries: null,
        geography: null,
        financing_type: null,
        raise_amount: null,
        close_on: null,
      });
      expect((await founder('GET', '/startup')).json()).toEqual(PROFILE);
    });

    it.each([
      ['raise_amount', { raise_amount: 999 }],
      ['raise_amount', { raise_amount: 10_000_000_001 }],
      ['raise_amount', { raise_amount: 2500.5 }],
      ['raise_amount', { raise_amount: '2500000' }],
      ['stage', { stage: 'Series Z' }],
      ['industries', { industries: [] }],
      ['industries', { industries: ['Software', 'Software'] }],
      ['industries', { industries: ['Crypto'] }],
      ['geography', { geography: 'Atlantis' }],
      ['financing_type', { financing_type: 'Grants' }],
      ['close_on', { close_on: '2027-02-30' }],
      ['close_on', { close_on: 'soon' }],
      ['close_on', { close_on: '1999-12-31' }],
      ['name', { name: '   ' }],
      ['name', { name: '' }],
      ['name', { name: 'x'.repeat(121) }],
      ['pitch', { pitch: 'x'.repeat(201) }],
    ])("refuses a bad '%s' with a 422 naming it, and keeps what was saved", async (field, change) => {
      const response = await founder('PUT', '/startup', { ...PROFILE, ...change });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(new RegExp(`'${field}[.']`));
      expect((await founder('GET', '/startup')).json()).toEqual(PROFILE);
    });

    it('refuses a missing field and an unknown one', async () => {
      const { stage: _stage, ...withoutStage } = PROFILE;
      expect((await newcomer('PUT', '/startup', withoutStage)).json().detail).toContain("'stage'");
      expect((await newcomer('PUT', '/startup', { ...PROFILE, valuation: 1 })).statusCode).toBe(422);
    });

    it('keeps the later edit when an earlier one arrives last', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      const later = { ...PROFILE, name: 'Later', changed_at: '2026-11-25T09:00:00Z' };
      const earlier = { ...PROFILE, name: 'Earlier', changed_at: '2026-11-25T08:00:00Z' };
      expect((await user('PUT', '/startup', later)).json().name).toBe('Later');
      expect((await user('PUT', '/startup', earlier)).json().name).toBe('Later');
      expect((await user('GET', '/startup')).json().name).toBe('Later');
    });

    it('answers a replay with the same Idempotency-Key once', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      const key = { 'idempotency-key': 'startup-edit-1' };
      const first = await user('PUT', '/startup', PROFILE, key);
      const again = await user('PUT', '/startup', PROFILE, key);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
    });
  });

  describe('fit on every answered row', () => {
    it('is null for a user without a profile, and sort=fit or min_fit is a 422 for them', async () => {
      const page = await search(newcomer, 'investors', {});
      expect(page.results.every((row) => row.fit === null)).toBe(true);
      for (const query of ['sort=fit', 'min_fit=70']) {
        const response = await newcomer('GET', `/investors/search?${query}`);
        expect(response.statusCode).toBe(422);
        expect(response.json().detail).toMatch(/startup profile/);
      }
      const id = page.results[0].id;
      expect((await newcomer('GET', `/investors/${id}`)).json().fit).toBeNull();
    });

    it('agrees with the oracle, in a search, by id and in a list', async () => {
      const page = await search(founder, 'investors', { per_page: 100 });
      for (const row of page.results) expect(row.fit, `investor ${row.id}`).toEqual(oracleFit(PROFILE, investorRows.get(row.id)!));
      const funds = await search(founder, 'funds', { per_page: 100, page: 2 });
      for (const row of funds.results) expect(row.fit, `fund ${row.id}`).toEqual(oracleFit(PROFILE, fundRows.get(row.id)!));

      const ids = page.results.slice(0, 5).map((row) => row.id);
      const list = (await founder('POST', '/lists', { name: 'Fit check', list_type: 'investor' })).json();
      await founder('POST', `/lists/${list.id}/investors/batch`, { investor_ids: ids });
      const items = (await founder('GET', `/lists/${list.id}/items`)).json() as ScoredRow[];
      const whole = (await founder('GET', `/lists/${list.id}`)).json().items as ScoredRow[];
      for (const id of ids) {
        const inSearch = page.results.find((row) => row.id === id)!.fit;
        expect((await founder('GET', `/investors/${id}`)).json().fit).toEqual(inSearch);
        expect(items.find((row) => row.id === id)!.fit).toEqual(inSearch);
        expect(whole.find((row) => row.id === id)!.fit).toEqual(inSearch);
      }
    });
  });

  describe('search by fit', () => {
    it('ranks every investor best first, ties in id order, paged without overlap', async () => {
      const expected = ranked(investorRows, () => true, PROFILE);
      const rows = await allPages(founder, 'investors', { sort: 'fit' }, 100);
      expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      expect(rows.map((row) => row.fit!.score)).toEqual(expected.map((row) => row.score));
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    });

    it('keeps only rows scoring at least min_fit, in id order without sort and ranked with it', async () => {
      const expected = ranked(investorRows, () => true, PROFILE, 70);
      expect(expected.length).toBeGreaterThan(0);
      const unsorted = await allPages(founder, 'investors', { min_fit: 70 }, 100);
      expect(unsorted.map((row) => row.id)).toEqual(expected.map((row) => row.id).sort((a, b) => a - b));
      const sorted = await allPages(founder, 'investors', { min_fit: 70, sort: 'fit' }, 100);
      expect(sorted.map((row) => row.id)).toEqual(expected.map((row) => row.id));
      expect((await search(founder, 'investors', { min_fit: 100 })).results.every((row) => row.fit!.score === 100)).toBe(true);
    });

    it('combines with filters and a term, exact totals, on investors and funds', async () => {
      const investorsAll = await allInvestors(app);
      const inStates = new Set(
        investorsAll.filter((r) => r.country === 'United States' && r.first_name.toLowerCase().includes('a')).map((r) => r.id),
      );
      const query = { countries: 'United States', search_term: 'a', sort: 'fit', min_fit: 40 };
      const rows = await allPages(founder, 'investors', query, 50);
      // The term matches other fields too: the oracle keeps the rows the same search without fit keeps.
      const kept = new Set((await allPages(founder, 'investors', { countries: 'United States', search_term: 'a' }, 100)).map((r) => r.id));
      for (const id of inStates) expect(kept.has(id)).toBe(true);
      expect(rows.map((row) => row.id)).toEqual(ranked(investorRows, (id) => kept.has(id), PROFILE, 40).map((row) => row.id));

      const fundQuery = { stages: ['Seed', 'Early Stage'], sort: 'fit' };
      const fundKept = new Set((await allPages(founder, 'funds', { stages: ['Seed', 'Early Stage'] }, 100)).map((r) => r.id));
      const fundRanked = await allPages(founder, 'funds', fundQuery, 30);
      expect(fundRanked.map((row) => row.id)).toEqual(ranked(fundRows, (id) => fundKept.has(id), PROFILE).map((row) => row.id));
    });

    it('answers the same without the index (by SQL, while it is rebuilt)', async () => {
      const sqlOnly = new CatalogueSearch(app.db, fundCatalogue, { facetIndex: false });
      const profile = compileFitProfile(PROFILE);
      const filter = readSearchFilter(fundCatalogue, { industries: ['Software'] });
      const viaSql = await sqlOnly.search(filter, 2, 20, profile, { profile, min: 30, byScore: true });
      const viaIndex = await search(founder, 'funds', { industries: 'Software', min_fit: 30, sort: 'fit', per_page: 20, page: 2 });
      expect(viaSql.total).toBe(viaIndex.total);
      expect(viaSql.results.map((row) => [row.id, row.fit!.score])).toEqual(viaIndex.results.map((row) => [row.id, row.fit!.score]));
    });

    it('sees a profile change on the next search', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      await user('PUT', '/startup', PROFILE);
      const before = (await search(user, 'investors', { sort: 'fit', per_page: 50 })).results.map((row) => row.id);
      const changed: CompleteStartupProfile = { ...PROFILE, stage: 'Later Stage', industries: ['Biotechnology'], geography: 'China' };
      await user('PUT', '/startup', changed);
      const after = await search(user, 'investors', { sort: 'fit', per_page: 50 });
      expect(after.results.map((row) => row.id)).toEqual(ranked(investorRows, () => true, changed).slice(0, 50).map((row) => row.id));
      expect(after.results.map((row) => row.id)).not.toEqual(before);
    });

    it.each(['sort=best', 'min_fit=101', 'min_fit=-1', 'min_fit=7.5', 'min_fit=abc'])('refuses %s with a 422', async (query) => {
      const response = await founder('GET', `/investors/search?${query}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toBeTruthy();
    });
  });

  describe('the round', () => {
    it('sums committed, term sheet and meeting amounts, each investor or fund once across lists', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      const empty = (await user('GET', '/round')).json();
      expect(empty).toEqual({ target: null, close_on: null, committed: 0, term_sheet: 0, meeting: 0, days_left: null });

      await user('PUT', '/startup', PROFILE);
      const [a, b, c, d] = [...investorRows.keys()].slice(0, 4);
      const [fund] = [...fundRows.keys()];
      const seed = (await user('POST', '/lists', { name: 'Seed', list_type: 'investor' })).json().id;
      const angels = (await user('POST', '/lists', { name: 'Angels', list_type: 'investor' })).json().id;
      const funds = (await user('POST', '/lists', { name: 'Funds', list_type: 'fund' })).json().id;
      await user('POST', `/lists/${seed}/investors/batch`, { investor_ids: [a, b, c, d] });
      await user('POST', `/lists/${angels}/investors/batch`, { investor_ids: [a] });
      await user('POST', `/lists/${funds}/funds/batch`, { fund_ids: [fund] });
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString();
      await user('PATCH', `/lists/${seed}/investors/${a}`, { stage: 'committed', amount: 500_000, changed_at: at(1) });
      // The same investor on another list, changed later: counted once, as the later row says.
      await user('PATCH', `/lists/${angels}/investors/${a}`, { stage: 'committed', amount: 600_000, changed_at: at(2) });
      await user('PATCH', `/lists/${seed}/investors/${b}`, { stage: 'term_sheet', amount: 1_000_000, changed_at: at(3) });
      await user('PATCH', `/lists/${seed}/investors/${c}`, { stage: 'meeting', amount: 250_000, changed_at: at(4) });
      await user('PATCH', `/lists/${seed}/investors/${d}`, { stage: 'passed', amount: 900_000, changed_at: at(5) });
      await user('PATCH', `/lists/${funds}/funds/${fund}`, { stage: 'committed', amount: 400_000, changed_at: at(6) });

      expect((await user('GET', '/round')).json()).toEqual({
        target: 2_500_000,
        close_on: '2027-03-31',
        committed: 1_000_000,
        term_sheet: 1_000_000,
        meeting: 250_000,
        // From the server's date, 2026-11-25.
        days_left: 126,
      });
      // Another founder's pipeline is not theirs.
      expect((await newcomer('GET', '/round')).json().committed).toBe(0);
    });
  });

  it('needs a valid access token', async () => {
    const anonymous = caller(app, {});
    for (const [method, url] of [['GET', '/startup'], ['PUT', '/startup'], ['GET', '/round']] as const) {
      expect((await anonymous(method, url, method === 'PUT' ? PROFILE : undefined)).statusCode).toBe(401);
    }
  });
});
