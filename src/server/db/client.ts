import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { MessagePort } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';
import { poolWithPriorityLane } from './priority-pool.js';
import { PgliteConnection, PgliteThread, type ConnectionSettings } from './pglite-thread.js';
import { SerialQueue } from './serial-queue.js';

export type Schema = typeof schema;
/** One drizzle database type over both drivers: the code path is the same for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The PostgreSQL pool `db` runs on; null on PGlite (one connection, its statements in one queue). */
export function postgresPool(db: Db): pg.Pool | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

/**
 * The PGlite connection `db` runs on directly (another thread's own, as the capture listener's); null on PostgreSQL,
 * and for the app's, whose statements go through its queue.
 */
export function pgliteConnection(db: Db): PgliteConnection | null {
  const client = (db as unknown as { $client: unknown }).$client;
  return client instanceof PgliteConnection ? client : null;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's URL, for a connection of its own outside the pool (LISTEN); none on PGlite. */
  url?: string;
  /** PGlite only: a consistent, gzipped tarball of its data directory. */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: a connection of its own to the database's thread, for another thread (pglite-thread.ts). */
  connect?(settings?: ConnectionSettings): Promise<MessagePort>;
  close(): Promise<void>;
}

/** How another thread reaches the database on a connection of its own: PostgreSQL's URL, or a port to PGlite's thread. */
export type OwnConnection = { url: string } | { connect(settings?: ConnectionSettings): Promise<MessagePort> };

export function ownConnection(database: Database): OwnConnection {
  if (database.url !== undefined) return { url: database.url };
  if (database.connect) return { connect: database.connect };
  throw new Error('This database takes no connection of its own');
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  url?: string;
  /** Where PGlite keeps its files; without it (and without url) the database lives in memory. */
  dataDir?: string;
  /** PGlite only: start from a copy of another database (dumpDataDir's tarball) instead of an empty one. */
  loadDataDir?: Blob;
  /** PGlite only: run on this instance (newPglite's) instead of a new one; close() then leaves it open. */
  pglite?: PgliteThread;
}

/**
 * An embedded PostgreSQL with the extensions the migrations use, in memory or in `dataDir`, on a thread of its own
 * (pglite-thread.ts).
 */
export function newPglite({ dataDir, loadDataDir }: Pick<DatabaseOptions, 'dataDir' | 'loadDataDir'>): Promise<PgliteThread> {
  return PgliteThread.open({ dataDir, loadDataDir });
}

/** Drizzle over newPglite's database, its statements sent as they come (openDatabase puts them in a queue). */
export function pgliteDrizzle(client: Pick<PgliteThread, 'query' | 'transaction'>) {
  return drizzlePglite({ client: client as unknown as PGlite, schema });
}

/** Opens the database and applies every committed migration. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = poolWithPriorityLane({ connectionString: options.url, max: 10 });
    // An idle connection the server ends (restart, failover, DROP DATABASE … WITH (FORCE)) is dropped by
    // the pool, which opens a new one when needed; unheard, its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', url: options.url, close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = options.pglite ?? (await newPglite({ dataDir, loadDataDir: options.loadDataDir }));
  // Every statement and transaction waits its turn in one queue (see SerialQueue).
  const queue = new SerialQueue();
  // Once closed, nothing more reaches the instance, which may live on (options.pglite) for another database.
  let closed = false;
  const whileOpen = <T>(run: () => Promise<T>) => queue.run(() => (closed ? Promise.reject(new Error('The database is closed')) : run()));
  const db = pgliteDrizzle({
    query: (...args: Parameters<PgliteThread['query']>) => whileOpen(() => client.query(...args)),
    transaction: (...args: Parameters<PgliteThread['transaction']>) => whileOpen(() => client.transaction(...args)),
  } as Pick<PgliteThread, 'query' | 'transaction'>);
  await migratePglite(db, { migrationsFolder });
  // Taken in the queue, so between two statements or transactions, never inside one.
  const dumpDataDir = () => queue.run(() => client.dumpDataDir());
  // Closed after whatever is queued: nothing is cut off.
  const close = () =>
    queue.run(async () => {
      closed = true;
      if (!options.pglite) await client.close();
    });
  return { db: db as unknown as Db, kind: 'pglite', dumpDataDir, connect: (settings) => client.connect(settings), close };
}

/** The newest committed migration, as drizzle's migrator records it (its journal time). */
const latestMigration = Math.max(...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));

/**
 * Whether the database answers and holds every committed migration (an instance started from newer
 * code than the database's would say no). Throws when the database does not answer.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`SELECT coalesce(max(created_at), 0) AS applied FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ applied: string | number }> };
  return Number(result.rows[0].applied) >= latestMigration;
}
