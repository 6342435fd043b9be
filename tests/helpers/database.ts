import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.js';

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database; close() drops it again. */
  open(): Promise<Database>;
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on a PostgreSQL server: its URL, and drop() to remove it again. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fundscape_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A new database on the TEST_DATABASE_URL server for one suite, dropped when the suite closes it. */
async function openPostgres(serverUrl: string): Promise<Database> {
  const created = await createPostgresDatabase(serverUrl);
  const database = await openDatabase({ url: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
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
