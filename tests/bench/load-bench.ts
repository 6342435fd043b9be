// npm run bench:load [-- --connections 200 --duration 20 --skip-pglite --skip-postgres --compare REF --rounds N]
//
// Many founders searching at once: the server started as a process (src/server/cli/serve.ts) on a fresh
// database with the first-start catalogue (5,000 investors, 1,500 funds), then `connections` clients
// (autocannon) searching without pause for `duration` seconds, each request allowed 10 s. Runs on PGlite
// (a temporary DATA_DIR) and on PostgreSQL (a throwaway database on BENCH_SERVER_URL, default
// postgres://postgres@127.0.0.1:5432/postgres). Reports requests per second, latency p50/p99/max,
// timeouts, errors and non-2xx answers.
//
// --compare REF runs the same load on the commit REF as well, in the same run: REF is checked out in a clean
// git worktree in a temporary directory (its node_modules a link to this checkout's when its package-lock.json
// is the same, else installed there with `npm ci`), and on each database the two servers take turns, REF first,
// `rounds` times (default 1), each on a fresh database of its own. The table then gives this tree's figures over
// REF's: each round's ratio to the REF run just before it, and their median (the machine's load drifts between
// rounds more than between two neighbouring runs). The founder is written with plain SQL through each tree's own
// openDatabase (so each database has that tree's migrations), with a live session, and the access token is signed
// here: a tree that checks sessions accepts it, one that does not ignores its session claim.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { createPostgresDatabase } from '../helpers/database.js';
import { BENCH_JWT_SECRET, FOUNDER_SEARCHES, logInFounder } from './bench-founder.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});
const connections = Number(values.connections);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A checkout whose server is measured: this one, or REF's worktree. */
interface Tree {
  name: string;
  root: string;
  openDatabase: typeof import('../../src/server/db/client.js').openDatabase;
  startServerProcess: typeof import('../helpers/server-process.js').startServerProcess;
}

/** The tree's own code: its migrations open the database, its server process is started from its root. */
async function treeAt(name: string, root: string): Promise<Tree> {
  const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
  const [{ openDatabase }, { startServerProcess }] = await Promise.all([
    load('src/server/db/client.ts'),
    load('tests/helpers/server-process.ts'),
  ]);
  return { name, root, openDatabase, startServerProcess };
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();

/** REF in a clean worktree of its own, with its dependencies; remove() takes it away again. */
async function checkOut(ref: string): Promise<{ tree: Tree; remove(): void }> {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const short = commit.slice(0, 7);
  const name = ref.startsWith(short) ? short : `${ref} (${short})`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-compare-'));
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    git('worktree', 'add', '--detach', dir, commit);
    const sameLock = git('show', `${commit}:package-lock.json`) === readFileSync(path.join(here, 'package-lock.json'), 'utf8').trim();
    if (sameLock) {
      process.stdout.write(`${name}: same package-lock.json, node_modules linked to this checkout's\n`);
      symlinkSync(path.join(here, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    } else {
      process.stdout.write(`${name}: its package-lock.json differs, npm ci in ${dir}…\n`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    return { tree: await treeAt(name, dir), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

interface Run {
  database: string;
  tree: string;
  result: Result;
}

async function load(tree: Tree, database: string, env: Record<string, string>, token: string): Promise<Run> {
  const label = `${database}, ${tree.name}`;
  process.stdout.write(`${label}: starting the server (first start seeds the catalogue)…\n`);
  const server = await tree.startServerProcess({ env: { ...env, JWT_SECRET: BENCH_JWT_SECRET }, startTimeoutMs: 300_000 });
  try {
    const headers = { authorization: `Bearer ${token}` };
    // Until the in-memory search index is built the searches run in SQL: give it the few seconds it takes
    // after a start, so the run measures the steady state.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const search of FOUNDER_SEARCHES) {
      const res = await fetch(`${server.baseUrl}${search}`, { headers });
      if (res.status !== 200) throw new Error(`${label}: ${search}: ${res.status} ${await res.text()}`);
    }
    process.stdout.write(`${label}: ${connections} connections for ${duration} s…\n`);
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      duration,
      timeout: 10,
      headers,
      requests: FOUNDER_SEARCHES.map((search) => ({ method: 'GET', path: search })),
    });
    return { database, tree: tree.name, result };
  } finally {
    const code = await server.stop();
    if (code !== 0) process.stdout.write(`${label}: the server exited with ${code}\n${server.output()}\n`);
  }
}

async function onPglite(tree: Tree): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-load-'));
  try {
    return await load(tree, 'PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, await logInFounder(tree.openDatabase, { dataDir }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(tree: Tree): Promise<Run> {
  const { url, drop } = await createPostgresDatabase(
    process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-load-'));
  try {
    return await load(tree, 'PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, await logInFounder(tree.openDatabase, { url }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

const answered = (r: Result) => Object.values(r.statusCodeStats).reduce((sum, s) => sum + Number(s.count), 0);
/** The middle figure, or the mean of the middle two: one round disturbed by other work on the machine moves it little. */
function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[Math.floor(middle)];
}

function report(runs: Run[], trees: Tree[]): string {
  const lines = [
    `${connections} connections, ${duration} s, ${FOUNDER_SEARCHES.length} searches in turn, 10 s timeout (${os.cpus().length} cores)`,
    '',
    '| database | tree | answered | req/s | p50 ms | p99 ms | max ms | timeouts | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { database, tree, result: r } of runs) {
    lines.push(
      `| ${database} | ${tree} | ${answered(r)} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ` +
        `${r.latency.max} | ${r.timeouts} | ${r.errors} | ${r.non2xx} |`,
    );
  }
  if (trees.length === 2) {
    const [before, after] = trees.map((tree) => tree.name);
    lines.push('', `${after} over ${before}, each round against the run just before it (the median of the rounds):`, '');
    for (const database of new Set(runs.map((run) => run.database))) {
      const of = (tree: string) => runs.filter((run) => run.database === database && run.tree === tree).map((run) => run.result);
      const [was, is] = [of(before), of(after)];
      const ratio = (figure: (r: Result) => number) => {
        const each = is.map((r, round) => figure(r) / figure(was[round]));
        return `× ${median(each).toFixed(2)}` + (each.length > 1 ? ` (${each.map((x) => x.toFixed(2)).join(', ')})` : '');
      };
      lines.push(
        `- ${database}: req/s ${ratio((r) => r.requests.average)}, p50 ${ratio((r) => r.latency.p50)}, ` +
          `p99 ${ratio((r) => r.latency.p99)}, max ${ratio((r) => r.latency.max)}`,
      );
    }
  }
  return lines.join('\n');
}

const trees: Tree[] = [];
let removeRef = () => {};
if (values.compare) {
  const ref = await checkOut(values.compare);
  trees.push(ref.tree);
  removeRef = ref.remove;
}
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
trees.push(await treeAt(`this checkout (${git('rev-parse', '--short', 'HEAD')}${dirty ? ' + uncommitted changes' : ''})`, here));
const runs: Run[] = [];
try {
  for (const [skip, run] of [
    [values['skip-pglite'], onPglite],
    [values['skip-postgres'], onPostgres],
  ] as const) {
    if (skip) continue;
    for (let round = 0; round < rounds; round++) for (const tree of trees) runs.push(await run(tree));
  }
} finally {
  removeRef();
}
process.stdout.write(`\n${report(runs, trees)}\n`);
