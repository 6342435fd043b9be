import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.js';

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; close() drops it again. */
  open(): Promise<Database>;
}

/** A new database on the TEST_DATABASE_URL server for one suite, dropped when the suite closes it. */
async function openPostgres(serverUrl: string): Promise<Database> {
  const name = `fundscape_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'pglite', open: () => openDatabase({}) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'postgres', open: () => openPostgres(url) });
  return kinds;
}
