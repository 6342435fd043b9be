// PreparedRows with `pglite: 'prepared'`: on PGlite the statement is prepared once in the client's session and
// executed with its values as literals (quotes too), and prepared again, once, when the session's statements were
// deallocated (DISCARD ALL, as the suites' reused databases are emptied), by every call that found it gone at once.
// An array is sent as its text, each element quoted.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from '../helpers/database.js';
import { PreparedRows } from '../../src/server/db/query-rows.js';

describe('a statement prepared on PGlite', () => {
  it('runs with its values, and is prepared again after DISCARD ALL, once for calls side by side', async () => {
    const database = await openPglite();
    try {
      const prepared = new PreparedRows(
        'test_prepared_rows',
        sql`SELECT ${sql.placeholder('n')}::int + 1 AS n, ${sql.placeholder('text')}::text AS text`,
        { pglite: 'prepared' },
      );
      expect(await prepared.run(database.db, { n: 1, text: "it's" })).toEqual([{ n: 2, text: "it's" }]);
      await database.db.execute(sql`DISCARD ALL`);
      const rows = await Promise.all([1, 2, 3].map((n) => prepared.run(database.db, { n, text: String(n) })));
      expect(rows).toEqual([1, 2, 3].map((n) => [{ n: n + 1, text: String(n) }]));
    } finally {
      await database.close();
    }
  });

  it('takes an array as a value, each element as it was, quotes, commas, braces and backslashes too', async () => {
    const database = await openPglite();
    try {
      const prepared = new PreparedRows('test_prepared_array', sql`SELECT unnest(${sql.placeholder('items')}::text[]) AS item`, { pglite: 'prepared' });
      const items = ['plain', "it's", 'a,b', '{x}', 'say "hi"', 'back\\slash', 'NULL', ''];
      expect((await prepared.run(database.db, { items })).map((row) => row.item)).toEqual(items);
      expect(await prepared.run(database.db, { items: [] })).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
