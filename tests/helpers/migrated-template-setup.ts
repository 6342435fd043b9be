// Once before the API suites: one database migrated to the newest migration, which every suite's database
// copies instead of creating and migrating its own (seconds each, hundreds of times a run). PGlite's is a
// tarball of its files; PostgreSQL's a template database, copied by CREATE DATABASE … TEMPLATE.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { newPglite, openDatabase } from '../../src/server/db/client.js';
import { createPostgresDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite database (dumpDataDir's tarball). */
    migratedPgliteDump: string;
    /** The same before any migration: what PGlite's initdb makes, most of a new database's cost. */
    initializedPgliteDump: string;
    /** The name of a migrated, empty database on the TEST_DATABASE_URL server, to copy; '' without one. */
    migratedPostgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'fundscape-migrated-'));
  const dumpFile = path.join(folder, 'pglite.tar.gz');
  const initializedFile = path.join(folder, 'pglite-initialized.tar.gz');
  const client = await newPglite({});
  writeFileSync(initializedFile, Buffer.from(await (await client.dumpDataDir()).arrayBuffer()));
  const pglite = await openDatabase({ pglite: client });
  writeFileSync(dumpFile, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
  await pglite.close();
  await client.close();
  project.provide('migratedPgliteDump', dumpFile);
  project.provide('initializedPgliteDump', initializedFile);

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  if (serverUrl) {
    template = await createPostgresDatabase(serverUrl, { empty: true });
    const migrated = await openDatabase({ url: template.url });
    await migrated.close();
  }
  project.provide('migratedPostgresTemplate', template ? new URL(template.url).pathname.slice(1) : '');

  return async () => {
    await template?.drop();
    rmSync(folder, { recursive: true, force: true });
  };
}
