// npm run bench:load [-- --connections 200 --duration 20 --skip-pglite --skip-postgres]
//
// Many founders searching at once: the server started as a process (src/server/cli/serve.ts) on a fresh
// database with the first-start catalogue (5,000 investors, 1,500 funds), then `connections` clients
// (autocannon) searching without pause for `duration` seconds, each request allowed 10 s. Runs on PGlite
// (a temporary DATA_DIR) and on PostgreSQL (a throwaway database on BENCH_SERVER_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Reports requests per second, latency p50/p99/max,
// timeouts, errors and non-2xx answers.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { openDatabase, type DatabaseOptions } from '../../src/server/db/client.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { startServerProcess } from '../helpers/server-process.js';
import { insertVerifiedUser } from '../helpers/users.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const JWT_SECRET = 'load-bench-secret-long-enough-for-hs256';

/** What founders search: pages of the tables, filters, terms, on both catalogues. */
const SEARCHES = [
  '/api/v1/investors/search?page=1&per_page=15',
  '/api/v1/investors/search?page=7&per_page=15&countries=United%20States',
  '/api/v1/investors/search?page=1&per_page=15&search_term=capital',
  '/api/v1/investors/search?page=2&per_page=15&stages=Seed&industries=Software',
  '/api/v1/funds/search?page=1&per_page=15',
  '/api/v1/funds/search?page=1&per_page=15&search_term=partners',
];

interface Run {
  database: string;
  result: Result;
}

/** A founder logged in on the database the server will open (before it does: PGlite is one process's). */
async function logInFounder(options: DatabaseOptions): Promise<string> {
  const database = await openDatabase(options);
  try {
    return (await insertVerifiedUser(database.db, JWT_SECRET)).token;
  } finally {
    await database.close();
  }
}

async function load(database: string, env: Record<string, string>, token: string): Promise<Run> {
  process.stdout.write(`${database}: starting the server (first start seeds the catalogue)…\n`);
  const server = await startServerProcess({ env: { ...env, JWT_SECRET }, startTimeoutMs: 300_000 });
  try {
    const headers = { authorization: `Bearer ${token}` };
    // Until the in-memory search index is built the searches run in SQL: give it the few seconds it takes
    // after a start, so the run measures the steady state.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const search of SEARCHES) {
      const res = await fetch(`${server.baseUrl}${search}`, { headers });
      if (res.status !== 200) throw new Error(`${search}: ${res.status} ${await res.text()}`);
    }
    process.stdout.write(`${database}: ${connections} connections for ${duration} s…\n`);
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration,
      timeout: 10,
      headers,
      requests: SEARCHES.map((search) => ({ method: 'GET', path: search })),
    });
    return { database, result };
  } finally {
    const code = await server.stop();
    if (code !== 0) process.stdout.write(`${database}: the server exited with ${code}\n${server.output()}\n`);
  }
}

async function onPglite(): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-load-'));
  try {
    return await load('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, await logInFounder({ dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<Run> {
  const { url, drop } = await createPostgresDatabase(
    process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-load-'));
  try {
    return await load('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, await logInFounder({ url }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

function report(runs: Run[]): string {
  const lines = [
    `${connections} connections, ${duration} s, ${SEARCHES.length} searches in turn, 10 s timeout (${os.cpus().length} cores)`,
    '',
    '| database | answered | req/s | p50 ms | p99 ms | max ms | timeouts | errors | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { database, result: r } of runs) {
    const answered = Object.values(r.statusCodeStats).reduce((sum, s) => sum + Number(s.count), 0);
    lines.push(
      `| ${database} | ${answered} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ` +
        `${r.latency.max} | ${r.timeouts} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  return lines.join('\n');
}

const runs: Run[] = [];
if (!values['skip-pglite']) runs.push(await onPglite());
if (!values['skip-postgres']) runs.push(await onPostgres());
process.stdout.write(`\n${report(runs)}\n`);
