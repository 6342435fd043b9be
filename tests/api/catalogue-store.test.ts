// A row written without some of its fields holds them missing, as an import would: a field added to
// the field table needs no change to the seed or to code that writes rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.js';
import { insertRows } from '../../src/server/db/catalogue-store.js';
import { funds, investors } from '../../src/server/db/schema.js';
import { testDatabases } from '../helpers/database.js';

describe.each(testDatabases())('catalogue store on $name', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database.close());

  it('stores a field the row leaves out as missing: NaN text, NULL number, empty list', async () => {
    await insertRows(database.db, investors, [{ first_name: 'Ada', last_name: 'Lovelace' }]);
    const [row] = await database.db.select().from(investors).where(eq(investors.last_name, 'Lovelace'));
    expect(row).toMatchObject({ first_name: 'Ada', contact_title: 'NaN', country: 'NaN', capital_managed: null });
    expect(row.stage_preferences).toEqual([]);

    await insertRows(database.db, funds, [{ firm_name: 'Quokka Capital' }]);
    const [fund] = await database.db.select().from(funds).where(eq(funds.firm_name, 'Quokka Capital'));
    expect(fund).toMatchObject({ firm_city: 'NaN', number_of_investors: null, gender_ratio: null });
  });
});
