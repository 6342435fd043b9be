// The catalogue version is the database's business: every statement that changes investors or funds
// bumps it (statement triggers), whoever runs it, and a search sees the change at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';

describe.each(testDatabases())('catalogue version on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    await seedCatalogue(app.db, { investors: 40, funds: 10 });
    ({ headers } = await createVerifiedUser(app));
    for (const search of [app.catalogue.investors, app.catalogue.funds]) expect(await search.warmUp()).toBe(true);
  });
  afterAll(() => close());

  const version = () => readCatalogueVersion(app.db);
  const run = (statement: ReturnType<typeof sql>) => app.db.execute(statement);

  it('moves with every statement that changes rows, and only then', async () => {
    let seen = await version();
    const expectBump = async (statement: ReturnType<typeof sql>) => {
      await run(statement);
      const now = await version();
      expect(now).toBe(seen + 1);
      seen = now;
    };
    await expectBump(sql`UPDATE investors SET city = 'Reykjavik' WHERE id = 1`);
    await expectBump(sql`UPDATE funds SET firm_state = 'Oregon' WHERE id IN (1, 2, 3)`);
    await expectBump(sql`INSERT INTO funds (firm_name, full_name, title, firm_email, firm_phone, firm_website, firm_type, contact_email, contact_phone, firm_address, firm_state, firm_country)
      VALUES ('Hand Fund', 'A B', 'Partner', 'a@b.test', '1', 'x.test', 'Venture Capital Fund', 'a@b.test', '1', 'Main St', 'NaN', 'Iceland')`);
    await expectBump(sql`DELETE FROM funds WHERE firm_name = 'Hand Fund'`);
    // Statements that change nothing leave it alone.
    await run(sql`UPDATE investors SET city = 'Nowhere' WHERE id < 0`);
    await run(sql`DELETE FROM funds WHERE id < 0`);
    expect(await version()).toBe(seen);
  });

  it('is bumped by TRUNCATE, and by a change inside a transaction only when that commits', async () => {
    const before = await version();
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE investors SET state = 'Gone' WHERE id = 2`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
    await run(sql`TRUNCATE pipeline_notes, row_touches, list_funds, funds`);
    expect(await version()).toBe(before + 1);
  });

  it('lets a search find a row changed with plain SQL, with no restart and nothing else told', async () => {
    const search = (term: string) =>
      app.inject({ url: `/api/v1/investors/search?search_term=${term}`, headers }).then((res) => res.json().total as number);
    expect(await search('zanzibar')).toBe(0);
    await run(sql`UPDATE investors SET city = 'Zanzibar' WHERE id IN (3, 4)`);
    expect(await search('zanzibar')).toBe(2);
  });
});
