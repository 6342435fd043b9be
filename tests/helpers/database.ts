import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { handBackPglite, takePglite } from './reused-pglite.js';

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

/**
 * What tests/helpers/migrated-template-setup.ts provided, or nothing outside the suites it runs before
 * (the benchmarks, the other projects): databases are then created and migrated from scratch.
 */
function provided<K extends 'migratedPgliteDump' | 'initializedPgliteDump' | 'migratedPostgresTemplate'>(key: K): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * A new database on a PostgreSQL server: its URL, and drop() to remove it again. A copy of the migrated
 * template when the suites have one (opening it applies no migration), else empty; `empty` asks for an
 * empty one whatever (a suite that migrates it only part way).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `fundscape_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? '' : provided('migratedPostgresTemplate');
  await onServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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

/**
 * A PGlite database in memory: a copy of the migrated one when the suites have it (one a suite before it handed back,
 * emptied, or a new one), else a new database migrated from scratch.
 */
export async function openPglite(): Promise<Database> {
  const migrated = pgliteDump('migratedPgliteDump');
  if (!migrated) return openDatabase({});
  const pglite = await takePglite(migrated);
  const database = await openDatabase({ pglite });
  return {
    ...database,
    async close() {
      await database.close();
      await handBackPglite(pglite);
    },
  };
}

/**
 * A PGlite database in the files of `dataDir` (empty or not there yet), as `npm start` keeps one: a copy of the
 * migrated one when the suites have it, else migrated from scratch (about 13 s of CPU against 2.5).
 */
export function openPgliteIn(dataDir: string): Promise<Database> {
  return openDatabase({ dataDir, loadDataDir: pgliteDump('migratedPgliteDump') ?? undefined });
}

/** The setup's PGlite tarballs, each read once per suite file (a suite opens several databases). */
const dumps = new Map<string, Blob | null>();
export function pgliteDump(key: 'migratedPgliteDump' | 'initializedPgliteDump'): Blob | null {
  if (!dumps.has(key)) {
    const file = provided(key);
    dumps.set(key, file ? new Blob([readFileSync(file)]) : null);
  }
  return dumps.get(key)!;
}

/** PGlite in memory always; PostgreSQL too when TEST_DATABASE_URL is set. Use with describe.each. */
export function testDatabases(): TestDatabaseKind[] {
  const kinds: TestDatabaseKind[] = [{ name: 'pglite', open: openPglite }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) kinds.push({ name: 'postgres', open: () => openPostgres(url) });
  return kinds;
}
