// Once before the browser suites: build the client and seed one catalogue that every suite copies, so no
// suite rebuilds dist/ under another's feet and none waits for its own 6,500-row seed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureClientBuilt } from '../../src/server/cli/build-client.js';
import { openDatabase } from '../../src/server/db/client.js';
import { seedIfEmpty } from '../../src/server/db/seed/seed-catalogue.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding the migrated, seeded PGlite database; suites copy it, never write to it. */
    e2eSeededDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  await ensureClientBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fundscape-e2e-template-'));
  const database = await openDatabase({ dataDir });
  await seedIfEmpty(database.db);
  await database.close();
  project.provide('e2eSeededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
