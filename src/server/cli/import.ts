// npm run import -- investors|funds FILE.csv: imports a CSV file into the catalogue of the database
// the server uses (DATABASE_URL, else the PGlite files in DATA_DIR). Bad rows are reported and skipped.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { openToolDatabase, startTool } from './tool-database.js';
import { importCatalogueCsv } from '../db/import/import-csv.js';
import type { ImportKind } from '../db/import/fields.js';
import { ImportFileError } from '../db/import/parse-row.js';

const USAGE = 'Usage: npm run import -- investors|funds FILE.csv';

function readArguments(args: string[]): { kind: ImportKind; file: string } {
  if (args.length !== 2) throw new Error(`Expected two arguments, got ${args.length}`);
  const [kind, file] = args;
  if (kind !== 'investors' && kind !== 'funds')
    throw new Error(`The first argument must be investors or funds, not "${kind}"`);
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`No such file: ${file}`);
  return { kind, file };
}

async function run() {
  const { args, config } = startTool(() => readArguments(process.argv.slice(2)), USAGE);
  const { database, close } = await openToolDatabase(config);
  try {
    const summary = await importCatalogueCsv(database.db, args.kind, createReadStream(args.file));
    for (const { line, reason } of summary.problems) process.stdout.write(`line ${line}: skipped, ${reason}\n`);
    const { rows, inserted, updated, unchanged, skipped } = summary;
    process.stdout.write(
      `${args.file}: ${rows} rows read: ${inserted} inserted, ${updated} updated, ${unchanged} unchanged, ${skipped} skipped\n`,
    );
    if (inserted + updated === 0) process.stdout.write('The catalogue is unchanged.\n');
  } finally {
    await close();
  }
}

run().catch((error: unknown) => {
  const prefix = error instanceof ImportFileError ? 'Cannot import' : 'Import failed, nothing was written';
  process.stderr.write(`${prefix}: ${(error as Error).message}\n`);
  process.exit(1);
});
