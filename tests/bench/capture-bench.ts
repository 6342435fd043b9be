// npm run bench:capture [-- --mails N --founders N --connections N --pglite-investors N --pg-investors N --reseed
//   --skip-pglite --skip-postgres --searches --sender-nice N]
//
// E-mail capture (issue 46) through a listening server: --mails mails (10,000) sent by SMTP on --connections
// connections (20, Nodemailer's pool) from --founders founders (100; each founder's share stays within one
// address's hourly limit), each founder with 5 investor lists of 200 rows, every mail hers to one investor of her
// lists with her capture address in the envelope only. The catalogue: 100,000 investors on PGlite (a temporary
// DATA_DIR), 1,000,000 on PostgreSQL (BENCH_DATABASE_URL, shared with bench:api and bench:import).
// Each connection sends its next mail once the last was answered. Prints mails per second; for every mail the time
// from sending it to the listener's 250 (answered once the row is written: the whole SMTP exchange, an upper bound of
// "end of DATA to the row changed"); and for one mail in 20 the read of its list (GET /lists/{id}/items, 200 rows)
// that shows the row Contacted, and send → row seen there (the two together). The mails are sent from a process of
// their own (capture-send.ts): in this one, the server's, the SMTP clients would be timed as the server's work.
// --searches: a loop of catalogue searches over HTTP (capture-search.ts, a process of its own) alone for 10 s, then
// beside the capture for as long as it runs: p50/p95 of each. Every 5xx the server answers is printed with its error.
// --sender-nice N: the sending process's nice value (0). The senders stand for other hosts' mail servers; on this
// machine they take the same two cores as the server, PostgreSQL and the searches, unless run at a low priority (19).
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { captureAddresses, listInvestors, lists } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { CAPTURE_LIMITS } from '../../src/shared/capture.js';
import { testConfig } from '../helpers/app.js';
import { insertVerifiedUser } from '../helpers/users.js';
import type { SendPlan, SendResult } from './capture-send.js';
import { BENCH_DATABASE_URL, counts, ensureDatabase, ensureSeeded, fill } from './bench-database.js';

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '10000' },
    founders: { type: 'string', default: '100' },
    connections: { type: 'string', default: '20' },
    'pglite-investors': { type: 'string', default: '100000' },
    'pg-investors': { type: 'string', default: '1000000' },
    reseed: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    searches: { type: 'boolean', default: false },
    'sender-nice': { type: 'string', default: '0' },
  },
});
const MAILS = Number(args.mails);
const FOUNDERS = Number(args.founders);
const CONNECTIONS = Number(args.connections);
const LISTS_PER_FOUNDER = 5;
const ROWS_PER_LIST = 200;
const SAMPLE_EVERY = 20;
const SENDER_NICE = Number(args['sender-nice']);

/** The CPU time the whole machine has spent busy (s), from /proc/stat (0 where there is none). */
function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return 0;
  }
}

/** The CPU time this process (the server and its threads) has used (s). */
function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * The CPU time the bench database's PostgreSQL backends (the server's connections) have used (s), from /proc: other
 * databases' work on a shared server is left out. 0 where PostgreSQL is not on this machine.
 */
async function databaseCpuSeconds(database: Database): Promise<number> {
  const rows = await queryRows(database.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${Number(pid)}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile, or not on this machine.
    }
  }
  return ticks / 100;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The founders, each with a capture address and 5 lists of 200 investors drawn from the catalogue, written directly. */
async function founders(database: Database, jwtSecret: string, captureDomain: string): Promise<SendPlan['founders']> {
  const pool = await queryRows(
    database.db,
    sql`SELECT id, email FROM investors WHERE email <> 'NaN' ORDER BY md5(id::text) LIMIT ${FOUNDERS * LISTS_PER_FOUNDER * ROWS_PER_LIST}`,
  );
  const all: SendPlan['founders'] = [];
  for (let f = 0; f < FOUNDERS; f++) {
    const user = await insertVerifiedUser(database.db, jwtSecret);
    const token = randomBytes(18).toString('base64url');
    await database.db.insert(captureAddresses).values({ user_id: user.user.id, token });
    const founder: SendPlan['founders'][number] = { email: user.email, address: `log+${token}@${captureDomain}`, authorization: user.headers.authorization, lists: [] };
    for (let l = 0; l < LISTS_PER_FOUNDER; l++) {
      const [list] = await database.db.insert(lists).values({ user_id: user.user.id, name: `Bench ${l}`, list_type: 'investor' }).returning({ id: lists.id });
      const start = ((f * LISTS_PER_FOUNDER + l) * ROWS_PER_LIST) % Math.max(1, pool.length - ROWS_PER_LIST);
      const rows = pool.slice(start, start + ROWS_PER_LIST).map((row) => ({ id: Number(row.id), email: String(row.email) }));
      await database.db.insert(listInvestors).values(rows.map((row) => ({ list_id: list.id, investor_id: row.id })));
      founder.lists.push({ id: list.id, investors: rows });
    }
    all.push(founder);
  }
  return all;
}

const SEARCH_ALONE_MS = 10_000;

/**
 * Catalogue searches over HTTP one after another, from a process of their own (capture-search.ts), until `stop()`:
 * their times.
 */
function searchLoop(base: string, authorization: string): { stop(): Promise<number[]> } {
  const searcher = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'capture-search.ts'), base, authorization], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  searcher.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const ended = new Promise<number | null>((resolve) => searcher.on('exit', resolve));
  return {
    async stop() {
      searcher.stdin.end();
      if ((await ended) !== 0) throw new Error('capture-search.ts failed');
      return JSON.parse(out) as number[];
    },
  };
}

const p50p95 = (samples: number[]) => `p50 ${percentile(samples, 50).toFixed(0)} ms, p95 ${percentile(samples, 95).toFixed(0)} ms`;

async function run(database: Database, label: string) {
  const config = testConfig({ captureDomain: 'capture.bench' });
  const app = await buildApp({ database, config, mailer: createMailer({ from: 'bench@fundscape.test', log: () => {} }), rateLimit: false });
  // Every 5xx the server answers, with the error behind it: the bench allows none.
  const serverErrors: string[] = [];
  app.addHook('onError', async (request, _reply, error) => {
    serverErrors.push(`${request.method} ${request.url}: ${error.stack ?? error.message}`);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) serverErrors.push(`${request.method} ${request.url}: ${reply.statusCode}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const smtpPort = await app.captureSmtp.listen(0, '127.0.0.1');
  try {
    for (const search of [app.catalogue.investors, app.catalogue.funds]) await search.warmUp();
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
    process.stdout.write(`${label}: making ${FOUNDERS} founders, each with ${LISTS_PER_FOUNDER} lists of ${ROWS_PER_LIST} rows\n`);
    const all = await founders(database, config.jwtSecret, config.captureDomain);
    const perFounder = Math.ceil(MAILS / FOUNDERS);
    if (perFounder > CAPTURE_LIMITS.mailsPerHour) throw new Error(`${perFounder} mails a founder is past the hourly limit: ask for more founders`);

    let searchesAlone: number[] = [];
    if (args.searches) {
      const alone = searchLoop(base, all[0].authorization);
      await new Promise((resolve) => setTimeout(resolve, SEARCH_ALONE_MS));
      searchesAlone = await alone.stop();
    }

    const plan: SendPlan = {
      smtpPort,
      base,
      mails: MAILS,
      connections: CONNECTIONS,
      sampleEvery: SAMPLE_EVERY,
      founders: all,
    };
    const planFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'fundscape-capture-plan-')), 'plan.json');
    writeFileSync(planFile, JSON.stringify(plan));
    const loadBefore = os.loadavg()[0];
    const sender = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'capture-send.ts'), planFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    if (sender.pid && SENDER_NICE) os.setPriority(sender.pid, SENDER_NICE);
    let out = '';
    let sending = false;
    let cpuAtStart = { machine: 0, server: 0, database: Promise.resolve(0) };
    // How long the server's event loop (the one the searches are answered on) was late while the mails were sent.
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    const started = new Promise<void>((resolve) =>
      sender.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (!sending && out.startsWith('sending\n')) {
          sending = true;
          cpuAtStart = { machine: machineBusySeconds(), server: ownCpuSeconds(), database: database.kind === 'postgres' ? databaseCpuSeconds(database) : Promise.resolve(0) };
          loopDelay.enable();
          resolve();
        }
      }),
    );
    const sent = new Promise<number | null>((resolve) =>
      sender.on('exit', (code) => {
        sending = false;
        loopDelay.disable();
        resolve(code);
      }),
    );
    const beside = args.searches ? Promise.race([started, sent]).then(() => searchLoop(base, all[0].authorization)) : null;
    const code = await sent;
    const cpuUsed = { machine: machineBusySeconds() - cpuAtStart.machine, server: ownCpuSeconds() - cpuAtStart.server };
    const databaseCpu = database.kind === 'postgres' ? (await databaseCpuSeconds(database)) - (await cpuAtStart.database) : 0;
    const searches = beside ? await (await beside).stop() : [];
    const loadAfter = os.loadavg()[0];
    rmSync(path.dirname(planFile), { recursive: true, force: true });
    if (code !== 0) throw new Error(`capture-send.ts ended with ${code}`);
    const { seconds, answered, reads, seen, failures, cpuSeconds } = JSON.parse(out.slice('sending\n'.length)) as SendResult;
    const rest = cpuUsed.machine - cpuUsed.server - cpuSeconds;
    const [{ touches }] = await queryRows(database.db, sql`SELECT count(*)::int AS touches FROM row_touches`);
    process.stdout.write(
      `${label}: ${MAILS.toLocaleString('en-US')} mails on ${CONNECTIONS} connections in ${seconds.toFixed(1)} s: ` +
        `${(MAILS / seconds).toFixed(1)} mails/s; ${Number(touches).toLocaleString('en-US')} touches\n` +
        `  send → 250 (${answered.length} mails) ${p50p95(answered)}\n` +
        `  GET /lists/{id}/items after the 250 (${reads.length} samples) ${p50p95(reads)}; send → row seen there ${p50p95(seen)}\n` +
        (args.searches
          ? `  searches alone (${searchesAlone.length}) ${p50p95(searchesAlone)}; beside the capture (${searches.length}) ${p50p95(searches)}\n`
          : '') +
        `  CPU while sending: the server's process ${cpuUsed.server.toFixed(1)} s, the SMTP clients ${cpuSeconds.toFixed(1)} s, ` +
        `PostgreSQL and the rest ${rest.toFixed(1)} s, of ${(seconds * os.cpus().length).toFixed(1)} s on ${os.cpus().length} cores\n` +
        (database.kind === 'postgres'
          ? `  CPU a mail: the server's process ${((cpuUsed.server / MAILS) * 1000).toFixed(2)} ms, the bench database's PostgreSQL backends ${((databaseCpu / MAILS) * 1000).toFixed(2)} ms\n`
          : '') +
        `  the server's event loop late while sending: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms\n` +
        `  load average ${loadBefore.toFixed(1)} as it began, ${loadAfter.toFixed(1)} as it ended; server answers 5xx: ${serverErrors.length}\n` +
        (Object.keys(failures).length ? `  failures: ${Object.entries(failures).map(([k, n]) => `${n} × ${k}`).join(', ')}\n` : '') +
        serverErrors.map((error) => `  5xx: ${error}\n`).join(''),
    );
  } finally {
    await app.close();
  }
}

if (!args['skip-pglite']) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-capture-bench-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    const investors = Number(args['pglite-investors']);
    process.stdout.write(`PGlite: seeding ${investors.toLocaleString('en-US')} investors\n`);
    await fill(database.db, investors, 1000);
    await run(database, `PGlite, ${investors.toLocaleString('en-US')} investors`);
    await database.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (!args['skip-postgres']) {
  await ensureDatabase(BENCH_DATABASE_URL);
  const database = await openDatabase({ url: BENCH_DATABASE_URL });
  const investors = Number(args['pg-investors']);
  const have = await counts(database.db);
  await ensureSeeded(database.db, BENCH_DATABASE_URL, { investors, funds: have.funds || 30_000 }, args.reseed);
  // Each run's founders, lists and mails are its own; the catalogue is kept for the next.
  await database.db.execute(sql`DELETE FROM users WHERE email LIKE 'founder%@example.test'`);
  await run(database, `PostgreSQL, ${investors.toLocaleString('en-US')} investors`);
  await database.close();
}
