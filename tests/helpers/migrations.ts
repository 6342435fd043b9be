// A database as an older version of the app left it: migrated up to (not including) a given migration,
// so a suite can put rows in it and then open it with the app, which applies the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { newPglite, openDatabase, pgliteDrizzle, type Database, type Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { createPostgresDatabase, pgliteDump, type TestDatabaseKind } from './database.js';

const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** A copy of the migrations folder whose journal ends before the migration tagged `before`. */
function migrationsBefore(before: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'fundscape-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((entry) => entry.tag === before);
  if (end < 0) throw new Error(`No migration tagged ${before}`);
  journal.entries = journal.entries.slice(0, end);
  writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A new database of the given kind migrated up to the migration `before`; `fill` writes to it (with the
 * current schema's code: only what those tables already have), then it is closed. Opening the kind
 * opens it as the app does, applying the migrations from `before` on; closing it removes it.
 */
export async function olderDatabase(
  kindName: TestDatabaseKind['name'],
  before: string,
  fill: (db: Db) => Promise<void>,
): Promise<TestDatabaseKind> {
  const migrations = migrationsBefore(before);
  try {
    if (kindName === 'pglite') {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-older-'));
      // From the suites' initialized copy when they have one: a new database's initdb is seconds of CPU.
      const client = await newPglite({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: pgliteDump('initializedPgliteDump') ?? undefined });
      const db = pgliteDrizzle(client);
      await migratePglite(db, { migrationsFolder: migrations.folder });
      await fill(db as unknown as Db);
      await client.close();
      return { name: 'pglite', open: () => closing(openDatabase({ dataDir }), async () => rmSync(dataDir, { recursive: true, force: true })) };
    }
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, { empty: true });
    const pool = new pg.Pool({ connectionString: created.url, max: 2 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: migrations.folder });
    await fill(db as unknown as Db);
    await pool.end();
    return { name: 'postgres', open: () => closing(openDatabase({ url: created.url }), created.drop) };
  } finally {
    migrations.remove();
  }
}

async function closing(opening: Promise<Database>, after: () => Promise<void>): Promise<Database> {
  const database = await opening;
  return {
    ...database,
    async close() {
      await database.close();
      await after();
    },
  };
}
