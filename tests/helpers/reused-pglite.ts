// Copies of the migrated PgliteThread database, reused from one suite to the next within a worker: loading the copy (its
// tarball unpacked, PostgreSQL started in WebAssembly) took about a second of CPU per database, a fifth of the API
// suites' CPU. A database handed back is emptied to the migrated state it was loaded in, or closed if a suite changed
// more than rows (a table of its own, say), so every suite still starts on what a fresh copy holds.
import type { PgliteThread } from '../../src/server/db/pglite-thread.js';
import { newPglite } from '../../src/server/db/client.js';

const idle: PgliteThread[] = [];

/** What the migrated database is besides its rows: the same after emptying, or the copy is not reused. */
const SHAPE = `SELECT concat_ws(' ',
  (SELECT sum(oid::int8) FROM pg_class), (SELECT count(*) FROM pg_attribute), (SELECT sum(atttypid::int8) FROM pg_attribute),
  (SELECT sum(oid::int8) FROM pg_proc), (SELECT sum(oid::int8) FROM pg_trigger), (SELECT sum(oid::int8) FROM pg_type),
  (SELECT sum(oid::int8) FROM pg_namespace), (SELECT sum(oid::int8) FROM pg_constraint),
  (SELECT count(*) FROM drizzle.__drizzle_migrations)) AS shape`;

let migratedShape: string | undefined;

const shapeOf = async (client: PgliteThread) => (await client.query<{ shape: string }>(SHAPE)).rows[0].shape;

/** A copy of `migrated` (dumpDataDir's tarball): one handed back, or a new one. */
export async function takePglite(migrated: Blob): Promise<PgliteThread> {
  const reused = idle.pop();
  if (reused) return reused;
  const client = await newPglite({ loadDataDir: migrated });
  migratedShape ??= await shapeOf(client);
  return client;
}

/**
 * Back to the migrated state for the next suite: the session's state reset (prepared statements, advisory locks,
 * settings, temporary tables), every table of the app emptied and its ids started again.
 */
export async function handBackPglite(client: PgliteThread): Promise<void> {
  try {
    await client.exec('DISCARD ALL');
    const { rows } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
    );
    if (rows.length) await client.exec(`TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`);
    // Sequences no column owns are not restarted by TRUNCATE.
    await client.exec(`DO $$ DECLARE s record; BEGIN
      FOR s IN SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' LOOP
        EXECUTE 'ALTER SEQUENCE ' || s.name || ' RESTART';
      END LOOP; END $$`);
    if ((await shapeOf(client)) === migratedShape) {
      idle.push(client);
      return;
    }
  } catch {
    // Left inside a transaction, or otherwise not to be trusted: not reused.
  }
  await client.close();
}
