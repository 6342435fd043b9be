// The catalogue changing under founders' searches (issue 35), for `npm run bench:rebuild`: a listening
// server on the benchmark's database, its indexes built at start (timed: what a full build costs), then
// `clients` founders searching over HTTP without pause — by fit, fit with a minimum, filters, terms, fit
// with filters and a term, and the saved searches' sidebar (100 counts) — before, while `rows` investors
// are added in batches, and from a second after the last batch. Reports each phase's HTTP p50, p95 and max,
// the process's peak memory, whether any full build ran, and checks every total: during the writes each
// lies between the totals before and after (rows are only added), and after them every search answers
// what a fresh full build answers and every saved search counts what SQL counts. The rows added are
// deleted at the end, so the catalogue is the one the other benchmarks expect.
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';
import { insertRows } from '../../src/server/db/catalogue-store.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { CatalogueGenerator } from '../../src/server/db/seed/generate.js';
import { investors } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import { fitQueryOf, usesFit } from '../../src/server/modules/catalogue/facet-index.js';
import { readSearchFilter } from '../../src/server/modules/catalogue/search-sql.js';
import { CatalogueSearch } from '../../src/server/modules/catalogue/search.js';
import { STARTUP_PATH } from '../../src/shared/api-paths.js';
import { compileFitProfile } from '../../src/shared/fit.js';
import { SAVED_SEARCHES_PATH, type SavedSearch } from '../../src/shared/saved-searches.js';
import { testConfig } from '../helpers/app.js';
import type { Query } from '../helpers/catalogue.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';
import { countsInSql, ensureNewRows, saveSearches } from './sidebar-bench.js';

export interface ChangesOptions {
  rows: number;
  batch: number;
  everyMs: number;
  clients: number;
}

const SEARCHES: Array<{ name: string; query: Query }> = [
  { name: 'fit: sort=fit', query: { sort: 'fit' } },
  { name: 'fit: min_fit=70', query: { min_fit: 70 } },
  { name: 'fit: min_fit=70 + filters + term', query: { sort: 'fit', min_fit: 70, search_term: 'partner', industries: ['Software', 'Biotechnology'] } },
  { name: 'filters: stages + countries', query: { stages: 'Seed', countries: 'United States' } },
  { name: 'term "schmidt"', query: { search_term: 'schmidt' } },
  { name: 'term "capital partners"', query: { search_term: 'capital partners' } },
];
const SIDEBAR = "saved searches: the sidebar's 100";
const SETTLE_MS = 1000;
const BEFORE_MS = 3000;
const AFTER_MS = 5000;

type Phase = 'before' | 'during' | 'settling' | 'after';

function searchPath(query: Query, page = 1): string {
  const params = new URLSearchParams({ page: String(page), per_page: '15' });
  for (const [key, value] of Object.entries(query)) for (const v of [value].flat()) params.append(key, String(v));
  return `/api/v1/investors/search?${params}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

export async function changesScenario(database: Database, options: ChangesOptions): Promise<string> {
  const { db } = database;
  const lines: string[] = [];
  await ensureNewRows(db);
  const [{ last }] = await queryRows(db, sql`SELECT coalesce(max(id), 0) AS last FROM investors`);
  const app = await buildApp({ database, config: testConfig(), mailer: createMailer({ from: 'bench@fundscape.test', log: () => {} }) });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const search = app.catalogue.investors;
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    if (!(await search.warmUp()) || !(await app.catalogue.funds.warmUp())) throw new Error('the facet indexes could not be built');
    lines.push(
      `  full build at start (investors and funds): ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `RSS ${Math.round(rssBefore / 2 ** 20)} → ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`,
    );

    const { headers, user } = await createVerifiedUser(app);
    await app.inject({ method: 'PUT', url: `/api/v1${STARTUP_PATH}`, headers, payload: SAMPLE_STARTUP });
    await saveSearches(db, user.id, SEARCHES.map(({ name, query }) => ({ name, catalogue: investorCatalogue, query })));
    const calls = [...SEARCHES.map(({ name, query }) => ({ name, path: searchPath(query) })), { name: SIDEBAR, path: SAVED_SEARCHES_PATH }];
    /** Each call's total (a search's, or the sum of the sidebar's counts). */
    const call = async (path: string): Promise<number> => {
      const res = await fetch(`${base}${path}`, { headers });
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
      const body = (await res.json()) as { total: number } | SavedSearch[];
      return Array.isArray(body) ? body.reduce((sum, s) => sum + (s.new_count ?? 0), 0) : body.total;
    };
    const before = new Map<string, number>();
    for (const c of calls) before.set(c.name, await call(c.path));

    let phase: Phase = 'before';
    const times: Record<Phase, Map<string, number[]>> = { before: new Map(), during: new Map(), settling: new Map(), after: new Map() };
    const seen: Array<{ name: string; total: number }> = [];
    let peakRss = 0;
    const probe = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
    let stop = false;
    const clients = Array.from({ length: options.clients }, async (_, client) => {
      for (let i = client; !stop; i++) {
        const { name, path } = calls[i % calls.length];
        const at = phase;
        const t = performance.now();
        const total = await call(path);
        const ms = performance.now() - t;
        if (!times[at].has(name)) times[at].set(name, []);
        times[at].get(name)!.push(ms);
        if (at === 'during') seen.push({ name, total });
      }
    });

    const buildsBefore = search.builds.started;
    const caughtUpBefore = search.builds.caughtUp;
    await sleep(BEFORE_MS);
    phase = 'during';
    const generator = new CatalogueGenerator();
    const [{ n }] = await queryRows(db, sql`SELECT count(*)::int AS n FROM investors`);
    const writeStarted = performance.now();
    for (let added = 0; added < options.rows; added += options.batch) {
      const size = Math.min(options.batch, options.rows - added);
      const now = Date.now();
      await insertRows(db, investors, Array.from({ length: size }, (_, k) => ({ ...generator.investorAt(Number(n) + added + k), added_at: new Date(now) })));
      await sleep(options.everyMs);
    }
    const writeMs = performance.now() - writeStarted;
    phase = 'settling';
    await sleep(SETTLE_MS);
    phase = 'after';
    await sleep(AFTER_MS);
    stop = true;
    await Promise.all(clients);
    clearInterval(probe);

    lines.push(
      `  ${options.rows.toLocaleString('en-US')} investors added in batches of ${options.batch} every ${options.everyMs} ms ` +
        `(${(writeMs / 1000).toFixed(1)} s) while ${options.clients} founders searched without pause; ` +
        `full builds meanwhile: ${search.builds.started - buildsBefore}, changes applied: ${search.builds.caughtUp - caughtUpBefore}; ` +
        `peak RSS ${Math.round(peakRss / 2 ** 20)} MB`,
    );
    lines.push('  call | before p50 / p95 / max | during p50 / p95 / max | from 1 s after p50 / p95 / max (ms)');
    const stat = (xs: number[] | undefined) => {
      const sorted = [...(xs ?? [])].sort((a, b) => a - b);
      return `${percentile(sorted, 0.5).toFixed(1)} / ${percentile(sorted, 0.95).toFixed(1)} / ${percentile(sorted, 1).toFixed(1)} (${sorted.length})`;
    };
    for (const { name } of calls) lines.push(`  ${name} | ${stat(times.before.get(name))} | ${stat(times.during.get(name))} | ${stat(times.after.get(name))}`);
    const all = (p: Phase) => [...times[p].values()].flat();
    lines.push(`  every call | ${stat(all('before'))} | ${stat(all('during'))} | ${stat(all('after'))}`);

    // Exact: during, between the totals before and after; after, as a fresh build and SQL answer.
    const after = new Map<string, number>();
    for (const c of calls) after.set(c.name, await call(c.path));
    const outside = seen.filter(({ name, total }) => total < before.get(name)! || total > after.get(name)!);
    const fresh = new CatalogueSearch(db, investorCatalogue);
    if (!(await fresh.warmUp())) throw new Error('the fresh build could not be made');
    const profile = compileFitProfile(SAMPLE_STARTUP);
    const wrong: string[] = [];
    for (const { name, query } of SEARCHES) {
      const fit = usesFit(query) ? fitQueryOf(query, profile) : undefined;
      const expected = await fresh.search(readSearchFilter(investorCatalogue, query), 1, 15, profile, fit);
      const res = await fetch(`${base}${searchPath(query)}`, { headers });
      const answered = (await res.json()) as { total: number; results: Array<{ id: number }> };
      const same = answered.total === expected.total && answered.results.map((r) => r.id).join() === expected.results.map((r) => r.id).join();
      if (!same) wrong.push(name);
    }
    await fresh.stop();
    const sidebar = (await (await fetch(`${base}${SAVED_SEARCHES_PATH}`, { headers })).json()) as SavedSearch[];
    const { counts } = await countsInSql(db, sidebar, SAMPLE_STARTUP);
    if (sidebar.some((s, k) => s.new_count !== counts[k])) wrong.push(SIDEBAR);
    lines.push(
      `  totals during the writes outside before..after: ${outside.length} of ${seen.length}; ` +
        `after: ${wrong.length === 0 ? 'every search as a fresh build, every count as SQL' : `DIFFERENT: ${wrong.join(', ')}`}`,
    );
    return lines.join('\n');
  } finally {
    await app.close();
    await db.execute(sql`DELETE FROM investors WHERE id > ${Number(last)}`);
  }
}
