// npm run bench:round [-- --calls 300 --investors 20000 --skip-pglite --skip-postgres]
//
// The Round page's summary (issue 48) for one founder with 50 investor lists of 200 rows each and 20,000 activity
// entries, on PGlite (in memory) and PostgreSQL (a throwaway database on BENCH_SERVER_URL): the app built in process,
// its calls made through Fastify's inject (routing, validation, the session check, serialization; no socket), one at a
// time. Reports p50/p95/max (and this process's CPU time per call, p50) of GET /api/v1/round/summary for all her lists
// and for one list, each asked again (the figures answered again while nothing changed, within their minute) and anew
// (a row of her first list changed before each call, so that list is counted again), for all her lists an hour later
// (nothing changed: the lists' kept parts summed, the clock's cuts made anew), on a new instance (its first call, 30
// instances: the parts the one before stored summed), a founder back after a week (the same, the parts stored counted a
// week and an hour before: nothing changed since) and with nothing kept or stored (her first summary, or back after
// PART_KEPT_MS: every list counted), and of GET /api/v1/round/rows for one figure: one list's rows, and each list's
// count (the breakdown by list of a figure of all her lists, one call where the page made one a list). Target: the
// summary's p95 ≤ 50 ms on both databases, every line of it (the exit code says whether it was met).
//
// The founder's round, written in SQL: every row added over the last 20 weeks (10,000 'added' entries) and about
// 10,000 stage and amount entries (44% of the rows contacted, 23% met, 11% a term sheet, 5% committed, each stage
// three days after the one before; 8% of all passed after their furthest; the rows at Term sheet or further an
// amount): about 20,000 entries, the exact count printed. About 6,700 touches (a mail to every row contacted, a reply
// from every row met), 2,000 notes, 300 deck links read (a view each, over the last 20 days), a follow-up on a quarter
// of the rows, and 500 of the rows private contacts of hers.
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { queryRows } from '../../src/server/db/query-rows.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { buildApp } from '../../src/server/app.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { testConfig } from '../helpers/app.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { FUNNEL_STAGES } from '../../src/shared/round-summary.js';
import { PART_KEPT_MS } from '../../src/server/modules/round/list-parts.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { insertVerifiedUser } from '../helpers/users.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '300' },
    investors: { type: 'string', default: '20000' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const CALLS = Number(values.calls);
const CATALOGUE = Number(values.investors);
const LISTS = 50;
const ROWS_PER_LIST = 200;
const TARGET_P95_MS = 50;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The founder's lists, rows, activity, touches, notes, deck views and follow-ups (see the top of this file). */
const stages = sql.raw(`ARRAY[${FUNNEL_STAGES.map((stage) => `'${stage}'`).join(', ')}]`);

export async function seedRound(db: Database['db'], userId: number) {
  const run = (statement: ReturnType<typeof sql>) => db.execute(statement);
  await run(sql`INSERT INTO startups (user_id, name, stage, industries, geography, financing_type, raise_amount, close_on, changed_at)
    VALUES (${userId}::int, ${SAMPLE_STARTUP.name}, ${SAMPLE_STARTUP.stage}, ${`{${SAMPLE_STARTUP.industries.map((i) => JSON.stringify(i)).join(',')}}`}::text[], ${SAMPLE_STARTUP.geography},
      ${SAMPLE_STARTUP.financing_type}, ${SAMPLE_STARTUP.raise_amount}, ${SAMPLE_STARTUP.close_on}, now())`);
  await run(sql`INSERT INTO private_contacts (first_name, last_name, contact_title, email, gender, phone, firm_name, type_of_firm,
      office_website, city, state, country, owner_id)
    SELECT 'Private', 'Contact ' || g, 'NaN', 'NaN', 'NaN', 'NaN', 'Own Firm ' || g, 'NaN', 'NaN', 'NaN', 'NaN', 'NaN', ${userId}
    FROM generate_series(1, 500) g`);
  await run(sql`INSERT INTO lists (user_id, name, list_type) SELECT ${userId}::int, 'Round list ' || g, 'investor' FROM generate_series(1, ${LISTS}) g`);
  // Each list's 200 rows: catalogue investors spread over the catalogue, and on the first lists her private contacts.
  await run(sql`WITH l AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM lists WHERE user_id = ${userId}),
      c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM investors),
      p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM private_contacts WHERE owner_id = ${userId}),
      slots AS (SELECT l.id AS list_id, l.n AS list_n, s AS slot, l.n * ${ROWS_PER_LIST} + s AS k FROM l, generate_series(0, ${ROWS_PER_LIST - 1}) s)
    INSERT INTO list_investors (list_id, investor_id, added_at)
    SELECT slots.list_id, coalesce(p.id, c.id), now() - interval '140 days' + (slots.k * interval '1 day' * 140 / ${LISTS * ROWS_PER_LIST})
    FROM slots
    LEFT JOIN p ON slots.k < 500 AND p.n = slots.k
    LEFT JOIN c ON c.n = (slots.k * 7919) % (SELECT count(*) FROM investors)`);
  // Each row's fate from a hash of its key: how far it went, whether it passed, its amount.
  await run(sql`CREATE TABLE fate AS
    SELECT li.list_id, li.investor_id, li.added_at,
      CASE WHEN h < 0.56 THEN 1 WHEN h < 0.77 THEN 2 WHEN h < 0.89 THEN 3 WHEN h < 0.95 THEN 4 ELSE 5 END AS furthest,
      (hashint4(li.investor_id * 31 + li.list_id) & 1023) < 82 AS passed,
      ((hashint4(li.investor_id + li.list_id * 7) & 1023) + 1) * 1000 AS amount
    FROM (SELECT *, (hashint4(investor_id * 17 + list_id) & 1023) / 1024.0 AS h FROM list_investors
      WHERE list_id IN (SELECT id FROM lists WHERE user_id = ${userId})) li`);
  await run(sql`INSERT INTO list_activity (list_id, item_kind, item_id, user_id, action, detail, created_at)
    SELECT list_id, 'investor', investor_id, ${userId}::int, 'added', '{}'::jsonb, added_at FROM fate`);
  await run(sql`INSERT INTO list_activity (list_id, item_kind, item_id, user_id, action, detail, created_at)
    SELECT list_id, 'investor', investor_id, ${userId}::int, 'stage',
      jsonb_build_object('from', (${stages})[s - 1], 'to', (${stages})[s]), added_at + (s - 1) * interval '3 days'
    FROM fate, generate_series(2, furthest) s`);
  await run(sql`INSERT INTO list_activity (list_id, item_kind, item_id, user_id, action, detail, created_at)
    SELECT list_id, 'investor', investor_id, ${userId}::int, 'stage',
      jsonb_build_object('from', (${stages})[furthest], 'to', 'passed'), added_at + furthest * interval '3 days'
    FROM fate WHERE passed`);
  await run(sql`INSERT INTO list_activity (list_id, item_kind, item_id, user_id, action, detail, created_at)
    SELECT list_id, 'investor', investor_id, ${userId}::int, 'amount', jsonb_build_object('from', NULL, 'to', amount),
      added_at + 7 * interval '1 day'
    FROM fate WHERE furthest >= 4 AND NOT passed`);
  await run(sql`UPDATE list_investors li SET
      stage = CASE WHEN f.passed THEN 'passed' ELSE (${stages})[f.furthest] END,
      amount = CASE WHEN f.furthest >= 4 AND NOT f.passed THEN f.amount END,
      last_contacted_at = CASE WHEN f.furthest >= 2 THEN f.added_at + interval '1 day' END,
      answered_at = CASE WHEN f.furthest >= 3 THEN f.added_at + interval '4 days' END,
      follow_up_on = CASE WHEN (hashint4(li.investor_id * 5 + li.list_id) & 3) = 0 THEN (f.added_at + interval '10 days')::date END
    FROM fate f WHERE f.list_id = li.list_id AND f.investor_id = li.investor_id`);
  await run(sql`INSERT INTO row_touches (list_id, investor_id, user_id, kind, happened_at)
    SELECT list_id, investor_id, ${userId}::int, 'email_sent', added_at + interval '1 day' FROM fate WHERE furthest >= 2
    UNION ALL
    SELECT list_id, investor_id, ${userId}::int, 'email_received', added_at + interval '4 days' FROM fate WHERE furthest >= 3`);
  await run(sql`INSERT INTO pipeline_notes (list_id, investor_id, user_id, body, created_at)
    SELECT list_id, investor_id, ${userId}::int, 'A note', added_at + interval '2 days' FROM fate ORDER BY hashint4(investor_id + list_id) LIMIT 2000`);
  await run(sql`INSERT INTO decks (user_id, name) VALUES (${userId}::int, 'Seed deck')`);
  await run(sql`INSERT INTO deck_files (bytes) VALUES (1)`);
  await run(sql`INSERT INTO deck_versions (deck_id, version, file_name, bytes, page_count, sha256, file_id)
    SELECT d.id, 1, 'deck.pdf', 1, 12, 'x', (SELECT max(id) FROM deck_files) FROM decks d WHERE d.user_id = ${userId}`);
  await run(sql`INSERT INTO deck_links (deck_id, token, list_id, investor_id)
    SELECT (SELECT id FROM decks WHERE user_id = ${userId}), 'bench-' || f.list_id || '-' || f.investor_id, f.list_id, f.investor_id
    FROM fate f WHERE f.furthest >= 2 ORDER BY hashint4(f.investor_id * 3 + f.list_id) LIMIT 300`);
  await run(sql`INSERT INTO deck_views (link_id, version_id, key_hash, started_at, last_read_at, counted_ms)
    SELECT k.id, (SELECT max(id) FROM deck_versions), 'h', now() - (k.id % 20) * interval '1 day',
      now() - (k.id % 20) * interval '1 day' + interval '3 minutes', 180000
    FROM deck_links k WHERE k.token LIKE 'bench-%'`);
  await run(sql`DROP TABLE fate`);
  // Every table written (the facts kept of the rows too, by the database's triggers), as the planner needs them.
  await run(sql`ANALYZE`);
  const [counts] = await queryRows(
    db,
    sql`SELECT (SELECT count(*) FROM list_investors WHERE list_id IN (SELECT id FROM lists WHERE user_id = ${userId}))::int AS rows,
      (SELECT count(*) FROM list_activity WHERE user_id = ${userId})::int AS activity,
      (SELECT count(*) FROM row_touches WHERE user_id = ${userId})::int AS touches,
      (SELECT min(id) FROM lists WHERE user_id = ${userId}) AS first_list`,
  );
  return counts as { rows: number; activity: number; touches: number; first_list: number };
}

/**
 * A call's wall time and this process's CPU time meanwhile (all its threads: PGlite's work, not PostgreSQL's server),
 * which moves less than wall time with what else runs on the machine.
 */
function timed() {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(cpuStarted);
    return { ms: performance.now() - started, cpuMs: (user + system) / 1000 };
  };
}

const figuresOf = (times: number[], cpu: number[]) => ({
  p50: percentile(times, 50),
  p95: percentile(times, 95),
  max: Math.max(...times),
  cpuP50: percentile(cpu, 50),
});

/**
 * Times `url`, CALLS times after 20 unmeasured; `change` (when given) runs before each call, untimed: a change to
 * count, or the clock moved.
 */
async function time(app: FastifyInstance, headers: Record<string, string>, url: string, change?: (i: number) => Promise<void>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS + 20; i++) {
    await change?.(i);
    const call = timed();
    const res = await app.inject({ method: 'GET', url, headers });
    const { ms, cpuMs } = call();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    if (i >= 20) {
      times.push(ms);
      cpu.push(cpuMs);
    }
  }
  return figuresOf(times, cpu);
}

/** The lines timed on instances that start: its first summary sums the parts stored by the instance before. */
const NEW_INSTANCE = 'a new instance';
/** The same, each instance's parts stored a week and an hour before its call (nothing changed since). */
const WEEK_ON = 'a week on';
const WEEK_MS = 7 * 24 * 3_600_000 + 3_600_000;
const NEW_INSTANCES = 30;

/**
 * The first call of each of NEW_INSTANCES instances built one after another, once each has started (after 3
 * unmeasured); `before` (when given) runs before each call, untimed.
 */
async function onNewInstances(newApp: () => Promise<FastifyInstance>, headers: Record<string, string>, url: string, before?: () => Promise<void>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < NEW_INSTANCES + 3; i++) {
    const app = await newApp();
    try {
      // Once it has started: its catalogues' indexes built (on PGlite their reads hold the one connection).
      for (const search of [app.catalogue.investors, app.catalogue.funds]) await search.warmUp();
      await before?.();
      const call = timed();
      const res = await app.inject({ method: 'GET', url, headers });
      const { ms, cpuMs } = call();
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) {
        times.push(ms);
        cpu.push(cpuMs);
      }
    } finally {
      await app.close();
    }
  }
  return figuresOf(times, cpu);
}

async function bench(name: string, database: Database): Promise<boolean> {
  process.stdout.write(`\n${name}: seeding ${CATALOGUE.toLocaleString('en-US')} investors and the founder's round\n`);
  await seedCatalogue(database.db, { investors: CATALOGUE, funds: 0, batchSize: 5000 });
  const config = testConfig();
  const founder = await insertVerifiedUser(database.db, config.jwtSecret);
  const seeded = await seedRound(database.db, founder.user.id);
  process.stdout.write(
    `  ${seeded.rows.toLocaleString('en-US')} rows on ${LISTS} lists, ${seeded.activity.toLocaleString('en-US')} activity entries, ` +
      `${seeded.touches.toLocaleString('en-US')} touches\n`,
  );
  // The server's clock, which a call moves on (and back): every other call an hour, or longer than a list's part is
  // kept, after the one before.
  let ahead = 0;
  const clock = () => new Date(Date.now() + ahead);
  const newApp = async () => {
    const built = await buildApp({ database, config, mailer: createMailer({ from: config.mailFrom, log: () => {} }), rateLimit: false, clock });
    await built.ready();
    return built;
  };
  const app = await newApp();
  let met = true;
  try {
    const [row] = await queryRows(database.db, sql`SELECT investor_id FROM list_investors WHERE list_id = ${seeded.first_list} LIMIT 1`);
    // A change to a row of her lists (its amount), so the next summary is counted anew rather than answered again.
    const change = async (i: number) => {
      ahead = 0;
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v1/lists/${seeded.first_list}/investors/${Number(row.investor_id)}`,
        headers: founder.headers,
        payload: { amount: 1000 + i },
      });
      if (res.statusCode !== 200) throw new Error(`PATCH: ${res.statusCode} ${res.body}`);
    };
    /** The clock `ms` on every other call, so that each call is that long after the one before. */
    const later = (ms: number) => async (i: number) => {
      ahead = (i % 2) * ms;
    };
    const atNow = async () => {
      ahead = 0;
    };
    // Her first summary: the clock further on than a part is kept every other call, and no part stored. The parts a
    // call counted are stored once it is answered; the store of the call before is waited for, untimed, as her first
    // summary has none of hers before it (on PGlite the delete queued behind it; on PostgreSQL, on a connection of
    // its own, it ran on into the call timed). With no store under way, the delete takes no lock of a store's.
    const nothingKept = async (i: number) => {
      ahead = (i % 2) * (PART_KEPT_MS + 3_600_000);
      await app.roundParts.storeCounted(app.db);
      await database.db.execute(sql`DELETE FROM round_list_parts`);
    };
    const all = '/api/v1/round/summary?tz=Europe/Berlin';
    const one = `/api/v1/round/summary?list_id=${seeded.first_list}&tz=Europe/Berlin`;
    const calls: Array<[string, string, boolean, typeof change | undefined]> = [
      ['summary, all 50 lists, again', all, true, undefined],
      ['summary, all 50 lists, an hour later', all, true, later(3_600_000)],
      ['summary, all 50 lists, anew', all, true, change],
      ['summary, all 50 lists, a new instance', NEW_INSTANCE, true, undefined],
      ['summary, all 50 lists, back after a week', WEEK_ON, true, undefined],
      ['summary, all 50 lists, nothing kept', all, true, nothingKept],
      ['summary, one list, again', one, true, atNow],
      ['summary, one list, anew', one, true, change],
      ['rows behind reached:meeting', `/api/v1/round/rows?list_id=${seeded.first_list}&figure=reached:meeting`, false, undefined],
      ['contacted by list, all 50 lists', '/api/v1/round/rows?figure=contacted&tz=Europe/Berlin', false, undefined],
    ];
    const figuresOf = async (url: string, before: typeof change | undefined) => {
      if (url === NEW_INSTANCE) return onNewInstances(newApp, founder.headers, all);
      if (url !== WEEK_ON) return time(app, founder.headers, url, before);
      ahead = 0;
      const weekAgo = new Date(Date.now() - WEEK_MS).toISOString();
      return onNewInstances(newApp, founder.headers, all, async () => {
        await database.db.execute(sql`UPDATE round_list_parts SET counted_at = ${weekAgo}::timestamptz`);
      });
    };
    for (const [label, url, held, before] of calls) {
      const figures = await figuresOf(url, before);
      const pass = figures.p95 <= TARGET_P95_MS;
      if (held) met &&= pass;
      process.stdout.write(
        `  ${label.padEnd(38)} p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  ` +
          `max ${figures.max.toFixed(1).padStart(6)} ms  cpu p50 ${figures.cpuP50.toFixed(1).padStart(6)} ms${pass ? '  (≤ 50 ms)' : '  (> 50 ms)'}\n`,
      );
    }
  } finally {
    await app.close();
  }
  return met;
}

async function main() {
  process.stdout.write(`bench:round, ${CALLS} calls each after 20 unmeasured, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  let met = true;
  if (!values['skip-pglite']) {
    const database = await openDatabase({});
    try {
      met = (await bench('PGlite (in memory)', database)) && met;
    } finally {
      await database.close();
    }
  }
  if (!values['skip-postgres']) {
    const created = await createPostgresDatabase(process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const database = await openDatabase({ url: created.url });
    try {
      met = (await bench('PostgreSQL', database)) && met;
    } finally {
      await database.close();
      await created.drop();
    }
  }
  process.stdout.write(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
  process.exitCode = met ? 0 : 1;
}

// Run as the bench, not when imported (a profile reuses seedRound).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
