// npm run bench:api [-- --iterations N --only TEXT --reseed --skip-pglite --skip-postgres]
//
// --only TEXT (repeatable) times just the searches whose name holds TEXT, say `--only cities --only schmidt
// --iterations 200` for a steadier p95 of the light searches.
//
// Times a fixed set of searches on a large catalogue: 100,000 investors and 30,000 funds on PGlite
// (in a temporary DATA_DIR), and 1,000,000 investors and 30,000 funds on PostgreSQL (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/fundscape_bench, created if missing and kept for the
// next run unless --reseed). For each search it reports p50 and p95, in ms, of:
//   SQL       the search's own statements (count, then the page) straight on the database, as the
//             route runs them when it goes to SQL (from src/server/modules/catalogue/search-sql.ts);
//   HTTP      the call through a listening server with fetch, as served: by the in-memory facet index,
//             its search text answering the terms (SQL with a cached count serves only while the
//             index is being built, and the run checks that it never did here);
//   HTTP cold the same: the index caches no result, so every call is a cold one.
// A search's SQL calls are timed first, then its HTTP calls: each loop begins with two calls not counted.
// The searches by fit (sort=fit, min_fit) are made by a user with a startup profile. Their SQL column is
// the route's fallback while the index is missing or stale (every kept row read and scored in process),
// timed once: it also proves the index's total exact. Before them the run prints how long the index takes
// to score every row for a new profile (what a profile change costs its first search).
// Then the saved searches' sidebar call (--only saved): GET /api/v1/saved-searches for a founder with 100 saved
// searches (the searches above in turn), each seen before about 0 to 10,000 of the newest rows, its counts
// checked against SQL; its SQL column is those 100 counts in SQL, what the call costs while the index is stale.
// The counts are kept per catalogue version: HTTP is the call repeated, HTTP cold the call after every saved search
// was seen again (a microsecond later), so each of its 100 counts is made anew from the index.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database, type Db } from '../../src/server/db/client.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { type Catalogue, fundCatalogue, investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { countSql, pageSql, pageWindow, readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { readCatalogueVersion } from '../../src/server/modules/catalogue/version.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { compileFitProfile, FIT_SORT } from '../../src/shared/fit.js';
import { STARTUP_PATH } from '../../src/shared/api-paths.js';
import { testConfig } from '../helpers/app.js';
import { type Query, queryString } from '../helpers/catalogue.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';
import { SAVED_SEARCHES_PATH, type SavedSearch } from '../../src/shared/saved-searches.js';
import { countsInSql, ensureNewRows, saveSearches } from './sidebar-bench.js';
import { BENCH_DATABASE_URL, ensureDatabase, ensureSeeded, fill } from './bench-database.js';

interface Case {
  name: string;
  catalogue: Catalogue;
  query: Query;
  /** Ask for the last page of the result. */
  lastPage?: boolean;
}

const isFitCase = (c: Case) => c.query.sort === FIT_SORT || c.query.min_fit !== undefined;

const I = investorCatalogue;
const F = fundCatalogue;
const CASES: Case[] = [
  { name: 'no filter', catalogue: I, query: {} },
  { name: 'countries', catalogue: I, query: { countries: 'United States' } },
  { name: 'cities', catalogue: I, query: { cities: ['Austin', 'Boulder'] } },
  { name: 'states', catalogue: I, query: { states: 'California' } },
  { name: 'fund_types', catalogue: I, query: { fund_types: 'Venture Capital Fund' } },
  { name: 'title', catalogue: I, query: { title: 'Partner' } },
  { name: 'stages', catalogue: I, query: { stages: 'Seed' } },
  { name: 'industries', catalogue: I, query: { industries: ['Software', 'Biotechnology'] } },
  { name: 'assets_under_management', catalogue: I, query: { assets_under_management: '100000000-250000000' } },
  { name: 'min_investment', catalogue: I, query: { min_investment: '1000000-5000000' } },
  { name: 'max_investment', catalogue: I, query: { max_investment: '10000000-25000000' } },
  { name: 'number_of_investors', catalogue: I, query: { number_of_investors: '6-11' } },
  { name: 'gender', catalogue: I, query: { gender: 'Female' } },
  {
    name: 'country + stage + industry',
    catalogue: I,
    query: { countries: 'United States', stages: 'Seed', industries: 'Software' },
  },
  {
    name: 'type + assets + state',
    catalogue: I,
    query: { fund_types: 'Private Equity Fund', assets_under_management: '1000000000-5000000000', states: 'New York' },
  },
  {
    name: 'cities + gender + max',
    catalogue: I,
    query: { cities: ['San Francisco', 'Palo Alto'], gender: 'Female', max_investment: '5000000-10000000' },
  },
  { name: 'term "ventures"', catalogue: I, query: { search_term: 'ventures' } },
  { name: 'term "schmidt"', catalogue: I, query: { search_term: 'schmidt' } },
  { name: 'term "a" (nearly every row)', catalogue: I, query: { search_term: 'a' } },
  { name: 'term "partner"', catalogue: I, query: { search_term: 'partner' } },
  { name: 'term "k" (one letter)', catalogue: I, query: { search_term: 'k' } },
  { name: 'term "an" (two letters)', catalogue: I, query: { search_term: 'an' } },
  { name: 'term "son" (three letters)', catalogue: I, query: { search_term: 'son' } },
  { name: 'term "n s" (two one-letter words)', catalogue: I, query: { search_term: 'n s' } },
  { name: 'term "zqxj" (no row)', catalogue: I, query: { search_term: 'zqxj' } },
  { name: 'term "Zoë" (non-ASCII)', catalogue: I, query: { search_term: 'Zoë' } },
  { name: 'term "Luigi Bartell" (a full name)', catalogue: I, query: { search_term: 'Luigi Bartell' } },
  { name: 'term "capital partners" (two words)', catalogue: I, query: { search_term: 'capital partners' } },
  { name: 'term "vice president" (two words)', catalogue: I, query: { search_term: 'vice president' } },
  { name: 'term "smith@" (an e-mail)', catalogue: I, query: { search_term: 'smith@' } },
  { name: 'term "menlo park" + stage', catalogue: I, query: { search_term: 'Menlo Park', stages: 'Seed' } },
  {
    name: 'term "capital" + filters',
    catalogue: I,
    query: { search_term: 'capital', countries: 'United States', stages: ['Seed', 'Early Stage'] },
  },
  { name: 'last page', catalogue: I, query: {}, lastPage: true },
  { name: 'last page of a filter', catalogue: I, query: { stages: 'Expansion' }, lastPage: true },
  { name: 'funds: no filter', catalogue: F, query: {} },
  { name: 'funds: gender_ratio + stage', catalogue: F, query: { gender_ratio: ['40-60', '60-80'], stages: 'Seed' } },
  { name: 'funds: term "partners"', catalogue: F, query: { search_term: 'partners' } },
  { name: 'fit: sort=fit', catalogue: I, query: { sort: 'fit' } },
  { name: 'fit: min_fit=70', catalogue: I, query: { min_fit: 70 } },
  { name: 'fit: sort=fit + min_fit=70', catalogue: I, query: { sort: 'fit', min_fit: 70 } },
  {
    name: 'fit: sort=fit + filters',
    catalogue: I,
    query: { sort: 'fit', countries: 'United States', stages: ['Seed', 'Early Stage'] },
  },
  { name: 'fit: sort=fit + term "capital"', catalogue: I, query: { sort: 'fit', search_term: 'capital' } },
  { name: 'fit: sort=fit + term "an"', catalogue: I, query: { sort: 'fit', search_term: 'an' } },
  {
    name: 'fit: min_fit=70 + filters + term',
    catalogue: I,
    query: { sort: 'fit', min_fit: 70, search_term: 'partner', industries: ['Software', 'Biotechnology'] },
  },
  { name: 'fit: sort=fit, last page', catalogue: I, query: { sort: 'fit' }, lastPage: true },
  { name: 'funds fit: sort=fit + min_fit=70', catalogue: F, query: { sort: 'fit', min_fit: 70 } },
];

const PER_PAGE = 15;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

interface Row {
  name: string;
  matches: number;
  kind: 'filters' | 'term' | 'fit' | 'saved';
  sql: number[];
  http: number[];
  cold: number[];
}

/** The route's statements, straight on the database: count, then the page. */
async function bareSearch(db: Db, catalogue: Catalogue, query: Query, page: number): Promise<number> {
  const filter = readSearchFilter(catalogue, query);
  const total = Number((await queryRows(db, countSql(catalogue, filter)))[0].total);
  const window = pageWindow(total, page, PER_PAGE);
  if (window) await queryRows(db, pageSql(catalogue, filter, window));
  return total;
}

/** What one run times: these searches, each this many times, and the saved searches' sidebar call. */
interface Run {
  iterations: number;
  cases: Case[];
  sidebar: boolean;
}

/** Calls of the sidebar: its p95 is the claim, so more than a search's. */
const SIDEBAR_CALLS = 200;

/** The sidebar's call for a founder with 100 saved searches, its counts checked against SQL. */
async function timeSidebar(app: FastifyInstance, db: Db, port: number): Promise<Row> {
  const { headers, user } = await createVerifiedUser(app);
  await app.inject({ method: 'PUT', url: `/api/v1${STARTUP_PATH}`, headers, payload: SAMPLE_STARTUP });
  await saveSearches(db, user.id, CASES.filter((c) => !c.lastPage));
  const call = async () => {
    const res = await fetch(`http://127.0.0.1:${port}${SAVED_SEARCHES_PATH}`, { headers });
    if (res.status !== 200) throw new Error(`saved searches: HTTP ${res.status}`);
    return (await res.json()) as SavedSearch[];
  };
  const searches = await call();
  const { counts, ms } = await countsInSql(db, searches, SAMPLE_STARTUP);
  const wrong = searches.filter((search, k) => search.new_count !== counts[k]);
  if (wrong.length > 0) {
    throw new Error(`saved searches: ${wrong.map((s) => `${s.name} counts ${s.new_count}`).join(', ')}, not as SQL counts`);
  }
  const row: Row = {
    name: "saved searches: the sidebar's 100",
    matches: counts.reduce((sum, count) => sum + count, 0),
    kind: 'saved',
    sql: [ms],
    http: [],
    cold: [],
  };
  // Cold: every saved search seen a microsecond later, so no count of the call before is kept for it.
  const nudge = () => db.execute(sql`UPDATE saved_searches SET last_seen_at = last_seen_at + interval '1 microsecond' WHERE user_id = ${user.id}`);
  for (let i = 0; i < SIDEBAR_CALLS + 2; i++) {
    const warm = await timeIt(call);
    await nudge();
    const cold = await timeIt(call);
    if (i < 2) continue;
    row.http.push(warm);
    row.cold.push(cold);
  }
  process.stdout.write(`  saved searches: ${row.matches.toLocaleString('en-US')} new rows in all\n`);
  return row;
}

/** A new session's bearer header: an access token lasts 15 minutes, and a run on a busy machine longer. */
async function freshHeaders(app: FastifyInstance, userId: number) {
  const { access_token } = await startSession(app.db, app.config.jwtSecret, userId);
  return { authorization: `Bearer ${access_token}` };
}

/** V8's heap and array buffers in use, collected first when run with --expose-gc (`node --expose-gc --import tsx`). */
function heldBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

async function runCases(database: Database, run: Run): Promise<Row[]> {
  const { iterations, cases } = run;
  const app = await buildApp({
    database,
    config: testConfig(),
    mailer: createMailer({ from: 'bench@fundscape.test', log: () => {} }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (run.sidebar) await ensureNewRows(database.db);
  for (const search of [app.catalogue.investors, app.catalogue.funds]) {
    const before = heldBytes();
    const started = performance.now();
    if (!(await search.warmUp())) throw new Error(`${search.catalogue.name}: the facet index could not be built`);
    const index = search.builtIndex!;
    process.stdout.write(
      `  ${search.catalogue.name}: facet index ready after ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `search text ${(index.textSize / 1e6).toFixed(1)} MB, filters ${(index.filterSize / 1e6).toFixed(1)} MB, ` +
        `heap and buffers ${(before / 1e6).toFixed(0)} → ${(heldBytes() / 1e6).toFixed(0)} MB\n`,
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { headers, user } = await createVerifiedUser(app);
  const db = database.db;
  const profile = compileFitProfile(SAMPLE_STARTUP);
  if (cases.some(isFitCase)) {
    await app.inject({ method: 'PUT', url: `/api/v1${STARTUP_PATH}`, headers, payload: SAMPLE_STARTUP });
    const index = app.catalogue.investors.builtIndex!;
    const started = performance.now();
    index.fitScoresFor(compileFitProfile({ ...SAMPLE_STARTUP, raise_amount: 2_500_001 }));
    process.stdout.write(
      `  investors: fit scores of every row for a new profile in ${(performance.now() - started).toFixed(1)} ms, ` +
        `fit fields ${(index.fitSize / 1e6).toFixed(1)} MB\n`,
    );
  }
  const rows: Row[] = [];
  const version = await readCatalogueVersion(db);
  try {
    for (const c of cases) {
      const fit = isFitCase(c) ? { profile, min: Number(c.query.min_fit ?? 0), byScore: c.query.sort === FIT_SORT } : undefined;
      const fallback = new CatalogueSearch(db, c.catalogue, { facetIndex: false });
      const bare = (page: number) =>
        fit
          ? fallback.search(readSearchFilter(c.catalogue, c.query), page, PER_PAGE, profile, fit).then((r) => r.total)
          : bareSearch(db, c.catalogue, c.query, page);
      const total = await bare(1);
      const page = c.lastPage ? Math.max(1, Math.ceil(total / PER_PAGE)) : 1;
      const url = `http://127.0.0.1:${port}/api/v1/${c.catalogue.name}/search${queryString({ ...c.query, page, per_page: PER_PAGE })}`;
      const caseHeaders = await freshHeaders(app, user.id);
      const call = async () => {
        const res = await fetch(url, { headers: caseHeaders });
        const body = (await res.json()) as { total: number };
        if (res.status !== 200 || body.total !== total) {
          throw new Error(`${c.name}: HTTP ${res.status}, total ${body.total} where the SQL counts ${total}`);
        }
      };
      const kind = isFitCase(c) ? 'fit' : c.query.search_term ? 'term' : 'filters';
      const row: Row = { name: c.name, matches: total, kind, sql: [], http: [], cold: [] };
      // In loops of their own: a parallel full scan on the database just before each HTTP call timed the call
      // in the scan's wake (its workers, the caches it emptied). The first two rounds warm caches and the JIT.
      const sqlRounds = fit ? 1 : iterations + 2;
      for (let i = 0; i < sqlRounds; i++) {
        const sqlTime = await timeIt(() => bare(page));
        if (fit || i >= 2) row.sql.push(sqlTime);
      }
      for (let i = 0; i < iterations + 2; i++) {
        const httpTime = await timeIt(call);
        if (i < 2) continue;
        row.http.push(httpTime);
        row.cold.push(httpTime);
      }
      rows.push(row);
      process.stdout.write(`  ${c.name}: ${total.toLocaleString('en-US')} matches\n`);
    }
    if (run.sidebar) rows.push(await timeSidebar(app, db, port));
    for (const search of [app.catalogue.investors, app.catalogue.funds]) {
      if (!search.facetIndex(version)) throw new Error(`${search.catalogue.name}: the index went stale during the run`);
    }
  } finally {
    await app.close();
  }
  return rows;
}

function table(title: string, rows: Row[]): string {
  const ms = (x: number) => x.toFixed(1);
  const lines = [
    `### ${title}`,
    '',
    '| search | matches | kind | SQL p50 | SQL p95 | HTTP p50 | HTTP p95 | HTTP cold p50 | HTTP cold p95 | HTTP cold / SQL (p95) |',
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const p = (samples: number[], q: number) => percentile(samples, q);
    lines.push(
      `| ${r.name} | ${r.matches.toLocaleString('en-US')} | ${r.kind} | ${ms(p(r.sql, 50))} | ${ms(p(r.sql, 95))} | ` +
        `${ms(p(r.http, 50))} | ${ms(p(r.http, 95))} | ${ms(p(r.cold, 50))} | ${ms(p(r.cold, 95))} | ` +
        `${(p(r.cold, 95) / p(r.sql, 95)).toFixed(2)}× |`,
    );
  }
  const worst = (pick: (r: Row) => number[], only?: Row['kind']) =>
    ms(Math.max(...rows.filter((r) => !only || r.kind === only).map((r) => percentile(pick(r), 95))));
  lines.push(
    '',
    `Worst p95: HTTP ${worst((r) => r.http)} ms; HTTP cold ${worst((r) => r.cold)} ms ` +
      `(filter-only ${worst((r) => r.cold, 'filters')} ms, with a term ${worst((r) => r.cold, 'term')} ms, ` +
      `by fit ${worst((r) => r.cold, 'fit')} ms); ` +
      `SQL ${worst((r) => r.sql)} ms.`,
  );
  return lines.join('\n');
}

async function benchPglite(run: Run): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-bench-'));
  process.stdout.write(`PGlite in ${dataDir}: seeding 100,000 investors and 30,000 funds\n`);
  const database = await openDatabase({ dataDir });
  try {
    await fill(database.db, 100_000, 30_000);
    return table('PGlite, 100,000 investors and 30,000 funds', await runCases(database, run));
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(run: Run, reseed: boolean): Promise<string> {
  const url = BENCH_DATABASE_URL;
  await ensureDatabase(url);
  const database = await openDatabase({ url });
  try {
    await ensureSeeded(database.db, url, { investors: 1_000_000, funds: 30_000 }, reseed);
    return table('PostgreSQL, 1,000,000 investors and 30,000 funds', await runCases(database, run));
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      iterations: { type: 'string', default: '30' },
      only: { type: 'string', multiple: true },
      reseed: { type: 'boolean', default: false },
      'skip-pglite': { type: 'boolean', default: false },
      'skip-postgres': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const iterations = Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < 5)
    throw new Error('--iterations must be a whole number, at least 5');
  const picked = (name: string) => !values.only || values.only.some((text) => name.includes(text));
  const cases = CASES.filter((c) => picked(c.name));
  const sidebar = picked('saved searches');
  if (cases.length === 0 && !sidebar) throw new Error(`--only: no search's name holds ${values.only!.join(' or ')}`);
  const run = { iterations, cases, sidebar };
  const tables: string[] = [];
  if (!values['skip-pglite']) tables.push(await benchPglite(run));
  if (!values['skip-postgres']) tables.push(await benchPostgres(run, values.reseed));
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  process.stdout.write(
    `\n## Search benchmark (${iterations} timed calls per search, ${os.cpus().length} cores, Node ${process.version}, ` +
      `load average at the end ${load})\n\n${tables.join('\n\n')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
