// npm run bench:import [-- --previews N --imports N --contention-seconds N --pglite-dir DIR --reseed --skip-pglite
//   --skip-postgres --index-cost]
//
// Times the import of a spreadsheet into an investor list (issue 36) through a listening server, as the browser
// calls it: POST /lists/{id}/imports/preview of 5,000 rows, then POST /lists/{id}/imports of those rows as the
// preview decided them (a match linked, a repeat skipped, anything else a new private contact) and its undo
// (DELETE /lists/{id}/imports/{importId}, which puts the list back for the next round). On PGlite with 100,000
// investors (a temporary DATA_DIR) and on PostgreSQL with 1,000,000 (BENCH_DATABASE_URL, shared with bench:api).
// The 5,000 rows are drawn from the catalogue: 1,500 by e-mail (in other case), 1,000 by website and name, 1,000
// by name and a firm with another suffix, 1,500 people it lacks (last names it has, for candidates), half of them
// with a stage, amount, follow-up and note; the founder's list holds 200 of them already and she owns 300 contacts.
// Then another founder's searches, one every 10 ms for --contention-seconds: alone, while the first founder runs
// previews back to back, and while she sends four at a time (issue 45), from a process of its own (preview-loop.ts).
// --index-cost drops and builds again the catalogue indexes migration 0011 added, timing each (PostgreSQL).
// --pglite-dir keeps the seeded PGlite catalogue there for the next run (seeded when the folder is empty).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { IMPORT_MAX_ROWS, type ImportCommitRow, type ImportPipelineValues, type ImportResult, type ImportRow, type PreviewRow } from '../../src/shared/imports.js';
import { testConfig } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';
import { BENCH_DATABASE_URL, counts, ensureDatabase, ensureSeeded, fill } from './bench-database.js';

interface Run {
  previews: number;
  imports: number;
  contentionSeconds: number;
}

interface Timing {
  name: string;
  samples: number[];
  target: number;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const PIPELINE: ImportPipelineValues = { stage: 'contacted', amount: 250_000, follow_up_on: '2026-12-01', note: 'Met at the demo day; wants the deck' };

/** The file's rows, drawn from the catalogue as the header says. */
async function fileRows(database: Database): Promise<ImportRow[]> {
  const sample = await queryRows(
    database.db,
    sql`SELECT first_name, last_name, email, office_website, firm_name, city, country FROM investors
      WHERE email <> 'NaN' AND office_website <> 'NaN' AND firm_name <> 'NaN'
      ORDER BY md5(id::text) LIMIT 5000`,
  );
  const text = (row: Record<string, unknown>, key: string) => row[key] as string;
  const rows: ImportRow[] = [];
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
    const from = sample[i % sample.length];
    const pipeline = i % 2 === 0 ? { pipeline: PIPELINE } : {};
    if (i < 1500) rows.push({ email: text(from, 'email').toUpperCase(), first_name: text(from, 'first_name'), ...pipeline });
    else if (i < 2500) {
      rows.push({ first_name: text(from, 'first_name'), last_name: text(from, 'last_name'), office_website: text(from, 'office_website').replace('https://www.', 'http://'), ...pipeline });
    } else if (i < 3500) {
      rows.push({ first_name: text(from, 'first_name').toUpperCase(), last_name: text(from, 'last_name'), firm_name: `${text(from, 'firm_name')} LLC`, ...pipeline });
    } else {
      rows.push({
        first_name: `Zara${i}`,
        last_name: text(from, 'last_name'),
        email: `zara${i}@newcomer.example`,
        firm_name: `Newcomer Fund ${i}`,
        city: text(from, 'city'),
        country: text(from, 'country'),
        ...pipeline,
      });
    }
  }
  return rows;
}

/** The founder: a list holding 200 of the file's investors, and 300 private contacts of her own. */
async function founder(app: FastifyInstance) {
  const { headers, user } = await createVerifiedUser(app);
  const json = { ...headers, 'content-type': 'application/json' };
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.inject({ method: method as 'GET', url: `/api/v1${url}`, headers: json, payload: body === undefined ? undefined : JSON.stringify(body) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as Record<string, unknown>;
  };
  const listId = (await call('POST', '/lists', { name: 'Raise', list_type: 'investor' })).id as number;
  for (let i = 0; i < 300; i++) await call('POST', '/investors', { first_name: `Own${i}`, last_name: 'Contact', email: `own${i}@mine.example` });
  return { headers: json, userId: user.id, listId, call };
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await fn();
  return [result, performance.now() - started];
}

/** Another founder's light searches, as she types: each once the one before is answered and 10 ms have passed. */
const SEARCHES = ['search_term=schmidt', 'cities=Boulder', 'search_term=smith%40', 'search_term=capital%20partners', 'countries=United%20States&search_term=son'];

async function searchesFor(base: string, headers: Record<string, string>, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const [res, ms] = await timed(() => fetch(`${base}/investors/search?${SEARCHES[i % SEARCHES.length]}&page=1&per_page=15`, { headers }));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search: ${res.status}`);
    samples.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

/** Runs preview-loop.ts with `loops` previews at a time while `during` runs; answers its statuses and preview times. */
async function previewsDuring<T>(url: string, authorization: string, rowsFile: string, loops: number, during: () => Promise<T>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'preview-loop.ts'), url, authorization, rowsFile, String(loops)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  // The searches start with the first previews under way.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const result = await during();
  child.stdin.end();
  await exited;
  return { result, ...(JSON.parse(out) as { statuses: Record<string, number>; answered: number[] }) };
}

/** Another founder's searches alone, then beside one founder's previews back to back, then beside four at a time. */
async function contention(app: FastifyInstance, base: string, listId: number, authorization: string, rows: ImportRow[], seconds: number) {
  const searcher = await createVerifiedUser(app);
  const rowsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fundscape-preview-')), 'rows.json');
  writeFileSync(rowsFile, JSON.stringify({ rows }));
  const url = `${base}/lists/${listId}/imports/preview`;
  const timings: Timing[] = [{ name: "another founder's searches, alone", samples: await searchesFor(base, searcher.headers, seconds), target: 50 }];
  for (const loops of [1, 4]) {
    const seen = await previewsDuring(url, authorization, rowsFile, loops, () => searchesFor(base, searcher.headers, seconds));
    const statuses = Object.entries(seen.statuses).map(([status, n]) => `${n} × ${status}`).join(', ');
    const previews = seen.answered.length ? `, preview p50 ${percentile(seen.answered, 50).toFixed(0)} ms` : '';
    process.stdout.write(`  ${loops} preview(s) at a time: ${statuses}${previews}\n`);
    timings.push({ name: `another founder's searches, ${loops === 1 ? 'previews back to back' : 'four previews at a time'} (${statuses})`, samples: seen.result, target: 50 });
  }
  rmSync(path.dirname(rowsFile), { recursive: true, force: true });
  return timings;
}

async function runImports(database: Database, run: Run, limits: { preview: number }): Promise<Timing[]> {
  const app = await buildApp({ database, config: testConfig(), mailer: createMailer({ from: 'bench@fundscape.test', log: () => {} }), rateLimit: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    // The catalogue's search index is built at start: timed calls wait for it, not beside it.
    for (const search of [app.catalogue.investors, app.catalogue.funds]) await search.warmUp();
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
    const rows = await fileRows(database);
    const { headers, listId, call } = await founder(app);
    const post = async <T>(url: string, body: unknown, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      return (await res.json()) as T;
    };
    const [first] = await post<{ rows: PreviewRow[] }>(`/lists/${listId}/imports/preview`, { rows }).then((r) => [r.rows]);
    const onList = first.filter((r) => r.match && r.duplicate_of_row === null).slice(0, 200).map((r) => r.match!.investor_id);
    await call('POST', `/lists/${listId}/investors/batch`, { investor_ids: onList });
    const preview: Timing = { name: 'preview of 5,000 rows', samples: [], target: limits.preview };
    let answer: PreviewRow[] = [];
    for (let i = 0; i < run.previews; i++) {
      const [result, ms] = await timed(() => post<{ rows: PreviewRow[] }>(`/lists/${listId}/imports/preview`, { rows }));
      answer = result.rows;
      preview.samples.push(ms);
    }
    const searches = await contention(app, base, listId, headers.authorization, rows, run.contentionSeconds);
    const by = (basis: string) => answer.filter((r) => r.match?.by === basis).length;
    process.stdout.write(
      `  matches: e-mail ${by('email')}, domain and last name ${by('domain_and_last_name')}, name and firm ${by('name_and_firm')}, ` +
        `none ${answer.filter((r) => !r.match).length} (with candidates ${answer.filter((r) => !r.match && r.candidates.length > 0).length}); ` +
        `repeats ${answer.filter((r) => r.duplicate_of_row !== null).length}, on the list ${answer.filter((r) => r.on_list).length}, ` +
        `errors ${answer.filter((r) => r.errors.length > 0).length}\n`,
    );
    const decided: ImportCommitRow[] = rows.map((row, i) => {
      const { match, duplicate_of_row: repeat } = answer[i];
      const decision: ImportCommitRow['decision'] =
        repeat !== null ? { action: 'skip' } : match ? { action: 'link', investor_id: match.investor_id } : { action: 'create' };
      return { ...row, decision };
    });
    const landed: Timing = { name: 'import of 5,000 rows', samples: [], target: 5000 };
    const undone: Timing = { name: 'undo of that import', samples: [], target: 5000 };
    for (let i = 0; i < run.imports; i++) {
      const [result, ms] = await timed(() =>
        post<ImportResult>(`/lists/${listId}/imports`, { file_name: 'bench.csv', rows: decided }, { 'idempotency-key': `bench-${Date.now()}-${i}` }),
      );
      landed.samples.push(ms);
      if (i === 0) process.stdout.write(`  import: ${JSON.stringify(result)}\n`);
      const [, undoMs] = await timed(async () => {
        const res = await fetch(`${base}/lists/${listId}/imports/${result.id}`, { method: 'DELETE', headers: { authorization: headers.authorization } });
        if (!res.ok) throw new Error(`undo: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      });
      undone.samples.push(undoMs);
    }
    return [preview, landed, undone, ...searches];
  } finally {
    await app.close();
  }
}

function table(title: string, timings: Timing[]): string {
  const lines = [`### ${title}`, '', '| call | runs | p50 ms | p95 ms | target p95 |', '|---|---|---|---|---|'];
  for (const t of timings) {
    const p95 = percentile(t.samples, 95);
    lines.push(
      `| ${t.name} | ${t.samples.length} | ${percentile(t.samples, 50).toFixed(0)} | ${p95.toFixed(0)} | ` +
        `≤ ${t.target.toLocaleString('en-US')} ${p95 <= t.target ? '✓' : '✗'} |`,
    );
  }
  return lines.join('\n');
}

async function benchPglite(run: Run, keptDir: string | undefined): Promise<string> {
  const dataDir = keptDir ?? mkdtempSync(path.join(os.tmpdir(), 'fundscape-import-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    if ((await counts(database.db)).investors === 0) {
      process.stdout.write(`PGlite in ${dataDir}: seeding 100,000 investors and 1,000 funds\n`);
      await fill(database.db, 100_000, 1_000);
    }
    return table('PGlite, 100,000 investors', await runImports(database, run, { preview: 2000 }));
  } finally {
    await database.close();
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each catalogue index of migration 0011 dropped and built again, timed: what the migration costs a catalogue. */
async function indexCost(database: Database): Promise<string> {
  const indexes = await queryRows(
    database.db,
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'investors'
      AND indexname IN ('investors_email_key_idx', 'investors_domain_last_name_idx', 'investors_person_key_idx', 'investors_folded_name_idx')`,
  );
  const lines: string[] = [];
  for (const { indexname, indexdef } of indexes) {
    await database.db.execute(sql.raw(`DROP INDEX ${indexname as string}`));
    const [, ms] = await timed(() => database.db.execute(sql.raw(indexdef as string)));
    const [size] = await queryRows(database.db, sql`SELECT pg_relation_size(${indexname as string}::regclass) AS bytes`);
    lines.push(`  ${indexname as string}: built in ${(ms / 1000).toFixed(1)} s, ${(Number(size.bytes) / 1e6).toFixed(0)} MB`);
  }
  const [, analyzed] = await timed(() => database.db.execute(sql`ANALYZE investors`));
  lines.push(`  ANALYZE investors (the migration's last statement): ${(analyzed / 1000).toFixed(1)} s`);
  process.stdout.write(`${lines.join('\n')}\n`);
  return lines.join('\n');
}

async function benchPostgres(run: Run, reseed: boolean, withIndexCost: boolean): Promise<string> {
  await ensureDatabase(BENCH_DATABASE_URL);
  const database = await openDatabase({ url: BENCH_DATABASE_URL });
  try {
    const have = await counts(database.db);
    await ensureSeeded(database.db, BENCH_DATABASE_URL, { investors: 1_000_000, funds: have.funds || 30_000 }, reseed);
    const cost = withIndexCost ? `${await indexCost(database)}\n\n` : '';
    return cost + table('PostgreSQL, 1,000,000 investors', await runImports(database, run, { preview: 3000 }));
  } finally {
    await database.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      previews: { type: 'string', default: '10' },
      imports: { type: 'string', default: '5' },
      'contention-seconds': { type: 'string', default: '20' },
      'pglite-dir': { type: 'string' },
      reseed: { type: 'boolean', default: false },
      'index-cost': { type: 'boolean', default: false },
      'skip-pglite': { type: 'boolean', default: false },
      'skip-postgres': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const run = { previews: Number(values.previews), imports: Number(values.imports), contentionSeconds: Number(values['contention-seconds']) };
  if (![run.previews, run.imports, run.contentionSeconds].every((n) => Number.isInteger(n) && n >= 1)) {
    throw new Error('--previews, --imports and --contention-seconds: whole numbers, at least 1');
  }
  const tables: string[] = [];
  const done = (text: string) => {
    process.stdout.write(`${text}\n`);
    tables.push(text);
  };
  if (!values['skip-pglite']) done(await benchPglite(run, values['pglite-dir']));
  if (!values['skip-postgres']) done(await benchPostgres(run, values.reseed, values['index-cost']));
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');
  process.stdout.write(
    `\n## Import benchmark (${run.previews} previews, ${run.imports} imports and undos, ${os.cpus().length} cores, ` +
      `Node ${process.version}, load average at the end ${load})\n\n${tables.join('\n\n')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Benchmark failed: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
