// The database's matching keys (migration 0011: fs_fold, fs_firm_key, fs_person_key, fs_web_domain, which its
// indexes of the catalogue hold) agree with shared/contact-keys.ts, which keys the rows sent: for every accented
// Latin letter, and for names, firms and websites as spreadsheets have them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { firmKey, foldText, personKey, webDomain } from '../../src/shared/contact-keys.js';
import { testDatabases } from '../helpers/database.js';

const SAMPLES = [
  '  María-José  Núñez ',
  "O'Brien, Jr.",
  'Andes Ventures, LLC',
  'The Blue Group Holdings Inc.',
  'Smith & Co. Capital Partners L.P.',
  'ÅSA Øster',
  'Łódź Ventures',
  'Nguyễn Văn Ánh',
  'Crème Brûlée Capital',
  'NaN',
  '',
  'ALL CAPS FUND',
  '123 Numbers 4U',
  '   ',
];
const SITES = ['https://www.Andes.vc/team?x=1', 'andes.vc', 'HTTP://andes.vc:8080', 'www.andes.vc#about', 'NaN', '', 'ftp://files.example.org/a'];

describe.each(testDatabases())('matching keys in SQL on $name', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database.close());

  const one = async (query: ReturnType<typeof sql>) => (await queryRows(database.db, query))[0].value as string;

  it('folds every Latin letter as the TypeScript does', async () => {
    const letters: string[] = [];
    for (const [from, to] of [[0xc0, 0x24f], [0x1e00, 0x1eff]]) {
      for (let code = from; code <= to; code++) letters.push(String.fromCodePoint(code));
    }
    const text = letters.join(' ');
    expect(await one(sql`SELECT fs_fold(${text}) AS value`)).toBe(foldText(text));
  });

  it('keys names, firms, people and websites as the TypeScript does', async () => {
    for (const sample of SAMPLES) {
      expect(await one(sql`SELECT fs_fold(${sample}) AS value`), sample).toBe(foldText(sample));
      expect(await one(sql`SELECT fs_firm_key(${sample}) AS value`), sample).toBe(firmKey(sample));
      const person = await one(sql`SELECT fs_person_key(${sample}, ${sample}, ${sample}) AS value`);
      if (personKey(sample, sample, sample)) expect(person, sample).toBe(personKey(sample, sample, sample));
    }
    for (const site of SITES) expect(await one(sql`SELECT fs_web_domain(${site}) AS value`), site).toBe(webDomain(site));
  });
});
