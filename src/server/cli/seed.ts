// npm run seed -- --investors N --funds M [--batch-size B]: adds generated rows to the catalogue of the
// database the server uses (DATABASE_URL, else the PGlite files in DATA_DIR).
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { openToolDatabase, startTool } from './tool-database.js';
import { DEFAULT_BATCH_SIZE, seedCatalogue } from '../db/seed/seed-catalogue.js';

const USAGE = 'Usage: npm run seed -- --investors N --funds M [--batch-size B]';
const MAX_ROWS = 10_000_000;

function count(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) {
    throw new Error(`--${name} must be a whole number from 0 to ${max.toLocaleString('en-US')}, not "${raw}"`);
  }
  return Number(raw);
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      investors: { type: 'string' },
      funds: { type: 'string' },
      'batch-size': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const investors = count('investors', values.investors, 0, MAX_ROWS);
  const funds = count('funds', values.funds, 0, MAX_ROWS);
  const batchSize = count('batch-size', values['batch-size'], DEFAULT_BATCH_SIZE, 10_000);
  if (investors + funds === 0) throw new Error('Nothing to do: give --investors and/or --funds a number above 0');
  if (batchSize === 0) throw new Error('--batch-size must be at least 1');
  return { investors, funds, batchSize };
}

async function run() {
  const { args: options, config } = startTool(readOptions, USAGE);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  process.stdout.write(`Seeding ${options.investors} investors and ${options.funds} funds into ${where}\n`);
  const { database, close } = await openToolDatabase(config);
  const bar = new cliProgress.SingleBar(
    {
      format:
        ' {bar} {percentage}% | {value}/{total} rows | {investors} investors, {funds} funds | {eta_formatted} left',
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(options.investors + options.funds, 0, { investors: 0, funds: 0 });
  const started = performance.now();
  try {
    const done = await seedCatalogue(database.db, {
      ...options,
      onProgress: (progress) => bar.update(progress.investors + progress.funds, progress),
    });
    bar.stop();
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`Added ${done.investors} investors and ${done.funds} funds in ${seconds.toFixed(1)} s\n`);
  } finally {
    bar.stop();
    await close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${(error as Error).message}\n`);
  process.exit(1);
});
