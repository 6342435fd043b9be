// npm run bench:rebuild [-- --runs N --rows 1000 --batch 20 --every 100 --clients 4]
//
// What a start costs at 1,000,000 investors, and what a change of the catalogue costs the searches, on the
// PostgreSQL database `npm run bench:api` seeds (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/fundscape_bench):
// - start, N runs: builds the investors' facet index while a founder searches every 50 ms, answered by
//   SQL until the index is ready. Reports the build time, the longest the build held the event loop, those
//   searches' p50, p95 and max, and the process memory before the build and its peak during it (RSS, and
//   V8's heap plus the typed arrays' buffers, sampled every 10 ms). Each build starts from a collected heap.
//   A full build is for start-up only: a change of the catalogue is applied to the index (LayeredIndex);
// - changes, once (changes-scenario.ts): --rows investors added in batches of --batch every --every ms
//   while --clients founders search over HTTP; each phase's p50, p95 and max, and every total checked.
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { openDatabase } from '../../src/server/db/client.js';
import { investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { readSearchFilter, type SearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import type { Query } from '../helpers/catalogue.js';
import { changesScenario } from './changes-scenario.js';

const SEARCHES: Query[] = [
  { stages: 'Seed' },
  { search_term: 'schmidt' },
  { countries: 'Germany' },
  { cities: ['Austin', 'Boulder'] },
  { search_term: 'Luigi Bartell' },
  { states: 'California', gender: 'Female' },
  {},
];
const SEARCH_EVERY_MS = 50;
const PROBE_EVERY_MS = 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

/** Process memory: the resident set, and what V8 holds (its heap and the typed arrays' buffers). */
function memoryNow() {
  const m = process.memoryUsage();
  return { rss: m.rss, js: m.heapUsed + m.external };
}

// A full collection before each build, so that "before" is what is held, not garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/**
 * Times one build while a founder searches: its duration, the longest hold of the event loop, the
 * searches' latencies, and the memory before it and at its peak (sampled every PROBE_EVERY_MS).
 */
async function timedBuild(search: CatalogueSearch, filters: SearchFilter[]): Promise<string> {
  collectGarbage();
  const before = memoryNow();
  const peak = { ...before };
  // The longest the event loop was held: how late a timer of PROBE_EVERY_MS fired.
  let longestHold = 0;
  let lastProbe = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longestHold = Math.max(longestHold, now - lastProbe - PROBE_EVERY_MS);
    lastProbe = now;
    const m = memoryNow();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.js = Math.max(peak.js, m.js);
  }, PROBE_EVERY_MS);
  const times: number[] = [];
  let building = true;
  const searching = (async () => {
    for (let i = 0; building; i++) {
      const started = performance.now();
      await search.search(filters[i % filters.length], 1 + (i % 3), 15);
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, SEARCH_EVERY_MS));
    }
  })();
  const started = performance.now();
  const built = await search.warmUp();
  const took = performance.now() - started;
  building = false;
  await searching;
  clearInterval(probe);
  if (!built) throw new Error('the catalogue changed during the build');
  times.sort((a, b) => a - b);
  const ms = (x: number) => x.toFixed(0);
  return (
    `${(took / 1000).toFixed(1)} s, longest hold of the event loop ${ms(longestHold)} ms; ` +
    `${times.length} searches meanwhile: p50 ${ms(percentile(times, 0.5))}, p95 ${ms(percentile(times, 0.95))}, ` +
    `max ${ms(percentile(times, 1))} ms; memory before → peak: RSS ${mb(before.rss)} → ${mb(peak.rss)}, ` +
    `JS heap + buffers ${mb(before.js)} → ${mb(peak.js)}`
  );
}

/** A start: no index yet, searches answered by SQL until it is built. */
async function run(url: string): Promise<string> {
  const database = await openDatabase({ url });
  try {
    const search = new CatalogueSearch(database.db, investorCatalogue);
    const filters = SEARCHES.map((query) => readSearchFilter(investorCatalogue, query));
    return `start: build ${await timedBuild(search, filters)}`;
  } finally {
    await database.close();
  }
}

function wholeNumber(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number, at least 1`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      rows: { type: 'string', default: '1000' },
      batch: { type: 'string', default: '20' },
      every: { type: 'string', default: '100' },
      clients: { type: 'string', default: '4' },
    },
    strict: true,
  });
  const runs = wholeNumber('runs', values.runs);
  const changes = {
    rows: wholeNumber('rows', values.rows),
    batch: wholeNumber('batch', values.batch),
    everyMs: wholeNumber('every', values.every),
    clients: wholeNumber('clients', values.clients),
  };
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fundscape_bench';
  for (let i = 1; i <= runs; i++) process.stdout.write(`run ${i}: ${await run(url)}\n`);
  const database = await openDatabase({ url });
  try {
    process.stdout.write(`changes:\n${await changesScenario(database, changes)}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
