import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import { allInvestors } from '../helpers/catalogue.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { importCatalogueCsv } from '../../src/server/db/import/import-csv.js';
import { ImportFileError } from '../../src/server/db/import/parse-row.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { funds, investors } from '../../src/server/db/schema.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const INVESTORS_CSV = fixture('investors-with-bad-rows.csv');
const FUNDS_CSV = fixture('funds-with-bad-rows.csv');

describe.each(testDatabases())('CSV import on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    ({ headers } = await createVerifiedUser(app));
    await seedCatalogue(app.db, { investors: 20, funds: 5 });
  });
  afterAll(() => close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const countryValues = async () =>
    ((await get('/api/v1/filters/investors/country')).json().countries as { value: string }[]).map((o) => o.value);

  it('keeps the good rows, reports each bad row with its line and reason, and bumps the catalogue version', async () => {
    expect(await countryValues()).not.toContain('Iceland');
    const before = await readCatalogueVersion(app.db);
    const summary = await importCatalogueCsv(app.db, 'investors', createReadStream(INVESTORS_CSV));
    expect(summary).toMatchObject({ rows: 16, inserted: 3, updated: 1, unchanged: 1, skipped: 11 });
    expect(summary.problems.map((p) => p.line)).toEqual([4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 17]);
    const reasons = Object.fromEntries(summary.problems.map((p) => [p.line, p.reason]));
    expect(reasons[4]).toBe('capital_managed: "lots" is not a number');
    expect(reasons[5]).toBe('min_investment (5000000) is above max_investment (1000000)');
    expect(reasons[6]).toBe('stage_preferences: "Pre-Seed" is not a known value');
    expect(reasons[7]).toBe('has 6 cells where the header has 21');
    expect(reasons[10]).toBe('first_name is required');
    expect(reasons[13]).toBe('id 1 already appeared on line 11');
    expect(reasons[17]).toMatch(/^not readable as CSV: /);
    expect(await readCatalogueVersion(app.db)).toBeGreaterThan(before);

    const [tomas] = await app.db.select().from(investors).where(eq(investors.last_name, 'Berg'));
    expect(tomas).toMatchObject({
      first_name: 'Tomas',
      email: 'NaN',
      phone: 'NaN',
      office_website: 'NaN',
      capital_managed: 2_500_000_000,
      min_investment: 10_000_000,
      max_investment: 75_000_000,
      type_of_financing: ['Equity', 'Mezzanine'],
      geographic_preferences: ['Europe', 'Sweden'],
      industry_preferences: ['Manufacturing', 'Industrial Products & Services'],
    });
    const [grace] = await app.db.select().from(investors).where(eq(investors.id, 1));
    expect(grace).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', city: 'Arlington', gender: 'Female' });
    const [hal] = await app.db.select().from(investors).where(eq(investors.id, 900_000));
    expect(hal.last_name).toBe('Imported');
    expect((await allInvestors(app)).filter((r) => r.last_name === 'Gudmundsdottir')).toHaveLength(1);

    // The filter options and the search see the import at once.
    expect(await countryValues()).toContain('Iceland');
    const found = (await get('/api/v1/investors/search?search_term=gudmundsd')).json();
    expect(found.total).toBe(1);
    expect(found.results[0].state).toBe('NaN');
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await allInvestors(app);
    const version = await readCatalogueVersion(app.db);
    const summary = await importCatalogueCsv(app.db, 'investors', readFileSync(INVESTORS_CSV));
    expect(summary).toMatchObject({ rows: 16, inserted: 0, updated: 0, unchanged: 5, skipped: 11 });
    expect(await allInvestors(app)).toEqual(before);
    expect(await readCatalogueVersion(app.db)).toBe(version);
  });

  it('continues new ids past an id the file brought in', async () => {
    await seedCatalogue(app.db, { investors: 1, funds: 0 });
    const ids = (await allInvestors(app)).map((r) => r.id);
    expect(Math.max(...ids)).toBe(900_001);
  });

  it('imports funds: the city from the address, the gender ratio from the team', async () => {
    const summary = await importCatalogueCsv(app.db, 'funds', readFileSync(FUNDS_CSV, 'utf8'));
    expect(summary).toMatchObject({ rows: 4, inserted: 2, updated: 0, unchanged: 0, skipped: 2 });
    expect(summary.problems).toEqual([
      { line: 4, reason: 'women_investors (5) is above number_of_investors (3)' },
      {
        line: 5,
        reason:
          'firm_type: "Hedge Fund" is not one of Private Equity Fund, Venture Capital Fund, Small Business Investment Company, Investment Bank, Government Organization, Startup Studio',
      },
    ]);
    const [aurora] = await app.db.select().from(funds).where(eq(funds.firm_name, 'Aurora Borealis Fund'));
    expect(aurora).toMatchObject({ firm_city: 'Oslo', number_of_investors: 10, women_investors: 6, gender_ratio: 60 });
    const [tundra] = await app.db.select().from(funds).where(eq(funds.firm_name, 'Tundra Growth'));
    expect(tundra).toMatchObject({ firm_city: 'NaN', capital_managed: null, gender_ratio: null, full_name: 'NaN' });
    const byRatio = (await get('/api/v1/funds/search?gender_ratio=60-80&cities=Oslo')).json();
    expect(byRatio.results.map((f: { firm_name: string }) => f.firm_name)).toEqual(['Aurora Borealis Fund']);
  });

  it('refuses a file whose header is not of that kind, and an empty file, writing nothing', async () => {
    const before = await allInvestors(app);
    await expect(importCatalogueCsv(app.db, 'investors', readFileSync(FUNDS_CSV))).rejects.toThrow(ImportFileError);
    await expect(importCatalogueCsv(app.db, 'investors', readFileSync(FUNDS_CSV))).rejects.toThrow(
      'Unknown column "full_name"',
    );
    await expect(importCatalogueCsv(app.db, 'investors', '')).rejects.toThrow('The file is empty');
    await expect(importCatalogueCsv(app.db, 'investors', 'first_name,first_name\nA,B\n')).rejects.toThrow('twice');
    expect(await allInvestors(app)).toEqual(before);
  });

  it('updates only the columns a file names', async () => {
    const summary = await importCatalogueCsv(
      app.db,
      'investors',
      'id,contact_title,stage_preferences\n2,Chief Dreamer,Seed;PIPE\n',
    );
    expect(summary).toMatchObject({ inserted: 0, updated: 1, skipped: 0 });
    const [row] = await app.db.select().from(investors).where(eq(investors.id, 2));
    expect(row.contact_title).toBe('Chief Dreamer');
    expect(row.stage_preferences).toEqual(['Seed', 'PIPE']);
    expect(row.first_name).not.toBe('NaN');
    const again = await importCatalogueCsv(
      app.db,
      'investors',
      'id,contact_title,stage_preferences\n2,Chief Dreamer,Seed;PIPE\n',
    );
    expect(again).toMatchObject({ updated: 0, unchanged: 1 });
    const partialNew = await importCatalogueCsv(app.db, 'investors', 'id,contact_title\n777777,Ghost\n');
    expect(partialNew.problems).toEqual([{ line: 2, reason: 'first_name is required' }]);
  });

  it('refuses an e-mail that would carry headers into a mailto: link (?, & or %), naming the column', async () => {
    const summary = await importCatalogueCsv(
      app.db,
      'funds',
      'id,contact_email,firm_email\n3,a@fund.com?bcc=x@evil.com,info@fund.example\n4,jo@fund.example,a%40b@fund.com\n5,jo@fund.example,x@fund.com&cc=y\n',
    );
    expect(summary).toMatchObject({ updated: 0, skipped: 3 });
    expect(summary.problems.map((p) => p.reason)).toEqual([
      'contact_email: "a@fund.com?bcc=x@evil.com" is not an e-mail address without ?, & or %',
      'firm_email: "a%40b@fund.com" is not an e-mail address without ?, & or %',
      'firm_email: "x@fund.com&cc=y" is not an e-mail address without ?, & or %',
    ]);
  });
});
