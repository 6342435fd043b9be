// Run by e2e-global-setup.ts in a process of its own: builds the client when its sources changed, and migrates
// and seeds the catalogue into the DATA_DIR given as the argument, which every browser suite copies. Both at once:
// the build's work is mostly Rolldown's own threads, so the seed's statements fill this thread meanwhile.
import { ensureClientBuilt } from '../../src/server/cli/build-client.js';
import { openDatabase } from '../../src/server/db/client.js';
import { seedIfEmpty } from '../../src/server/db/seed/seed-catalogue.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: e2e-prepare.ts DATA_DIR');

async function seed() {
  const database = await openDatabase({ dataDir });
  await seedIfEmpty(database.db);
  await database.close();
}

await Promise.all([ensureClientBuilt(), seed()]);
