// npm run bench:deck [-- --viewers 200 --connections 200 --rate N --duration 60 --rounds 1 --skip-pglite --skip-postgres]
//
// Deck readers beside founders searching: the server started as a process (src/server/cli/serve.ts) on a fresh
// database with the first-start catalogue, on PGlite (a temporary DATA_DIR) and on PostgreSQL (a throwaway database
// on BENCH_SERVER_URL). A founder uploads a deck of 14 pages and makes a link; `viewers` readers open it, each from
// an address of its own (X-Forwarded-For, the server trusting one proxy hop, as behind a load balancer). Then, in
// turn, for `duration` seconds each: `connections` founders searching without pause (autocannon, bench:load's mix)
// alone (or, with --rate N, N searches a second among them: founders at a human pace rather than a machine's),
// and the same searches while every reader sends a beacon every 10 s (the viewer's own rhythm, the readers
// spread over the 10 s). Reports the searches' p50/p95/p99 in each phase, and the beacons' p50/p99 and every
// answer that was not 204. Targets (issue 47): beacon p99 ≤ 100 ms, none refused, and the searches' p95 no worse
// beside the readers than alone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/server/db/client.js';
import type { Deck, DeckLink, DeckViewStart } from '../../src/shared/decks.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { pdfWithPages } from '../helpers/pdf.js';
import { startServerProcess } from '../helpers/server-process.js';
import { BENCH_JWT_SECRET, FOUNDER_SEARCHES, logInFounder } from './bench-founder.js';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '200' },
    connections: { type: 'string', default: '200' },
    rate: { type: 'string' },
    duration: { type: 'string', default: '60' },
    rounds: { type: 'string', default: '1' },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
  },
});
const viewers = Number(values.viewers);
const connections = Number(values.connections);
/** Searches a second among all founders; none: each founder searches again as soon as answered (bench:load's rhythm). */
const rate = values.rate === undefined ? undefined : Number(values.rate);
const durationS = Number(values.duration);
const rounds = Number(values.rounds);
const BEACON_EVERY_MS = 10_000;
const DECK_PAGES = 14;

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface SearchFigures {
  answered: number;
  non2xx: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Founders searching without pause for the phase; every answer's time kept, for an exact p95. */
async function searches(baseUrl: string, token: string): Promise<SearchFigures> {
  const times: number[] = [];
  let non2xx = 0;
  await autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    timeout: 10,
    ...(rate === undefined ? {} : { overallRate: rate }),
    headers: { authorization: `Bearer ${token}` },
    requests: FOUNDER_SEARCHES.map((search) => ({ method: 'GET', path: search })),
    setupClient: (client) => {
      client.on('response', (status, _bytes, ms) => {
        times.push(ms);
        if (status < 200 || status >= 300) non2xx += 1;
      });
    },
  });
  return { answered: times.length, non2xx, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

interface Reader {
  address: string;
  view: DeckViewStart;
  seq: number;
}

interface BeaconFigures {
  sent: number;
  refused: Map<number, number>;
  p50: number;
  p99: number;
}

/** Every reader sends a beacon every 10 s for the phase, the readers spread over the 10 s. */
async function beacons(baseUrl: string, token: string, readers: Reader[], stopAt: number): Promise<BeaconFigures> {
  const times: number[] = [];
  const refused = new Map<number, number>();
  const send = async (reader: Reader) => {
    reader.seq += 1;
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/d/${token}/views/${reader.view.view_id}/beacon`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': reader.address },
      body: JSON.stringify({ key: reader.view.key, seq: reader.seq, pages: [{ page: (reader.seq % DECK_PAGES) + 1, ms: BEACON_EVERY_MS - 50 }] }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 204) refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
  };
  await Promise.all(
    readers.map(async (reader, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * BEACON_EVERY_MS) / readers.length));
      while (Date.now() + BEACON_EVERY_MS <= stopAt) {
        const next = Date.now() + BEACON_EVERY_MS;
        await send(reader);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
      }
    }),
  );
  return { sent: times.length, refused, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The founder's deck, a link that asks no e-mail, and each reader's view of it, from an address of its own. */
async function openDeck(baseUrl: string, founder: string): Promise<{ token: string; readers: Reader[] }> {
  const auth = { authorization: `Bearer ${founder}` };
  const deck = (await expectStatus(
    await fetch(`${baseUrl}/api/v1/decks?name=Seed%20deck`, { method: 'POST', headers: { ...auth, 'content-type': 'application/pdf' }, body: new Uint8Array(pdfWithPages(DECK_PAGES)) }),
    201,
    'uploading the deck',
  )) as Deck;
  const link = (await expectStatus(
    await fetch(`${baseUrl}/api/v1/decks/${deck.id}/links`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', require_email: false }),
    }),
    201,
    'making the link',
  )) as DeckLink;
  const readers: Reader[] = [];
  for (let i = 0; i < viewers; i++) {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const view = (await expectStatus(
      await fetch(`${baseUrl}/api/v1/d/${link.token}/views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: '{}',
      }),
      201,
      'starting a view',
    )) as DeckViewStart;
    readers.push({ address, view, seq: 0 });
  }
  return { token: link.token, readers };
}

interface Round {
  alone: SearchFigures;
  beside: SearchFigures;
  beacons: BeaconFigures;
}

async function bench(database: string, env: Record<string, string>, founder: string): Promise<Round[]> {
  process.stdout.write(`${database}: starting the server (first start seeds the catalogue)…\n`);
  const server = await startServerProcess({ env: { ...env, JWT_SECRET: BENCH_JWT_SECRET, TRUST_PROXY: '1' }, startTimeoutMs: 300_000 });
  try {
    const { token, readers } = await openDeck(server.baseUrl, founder);
    // The catalogue's index is built a few seconds after a start: until then the searches run in SQL.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const results: Round[] = [];
    for (let round = 1; round <= rounds; round++) {
      process.stdout.write(`${database}, round ${round}: ${connections} founders searching alone for ${durationS} s…\n`);
      const alone = await searches(server.baseUrl, founder);
      process.stdout.write(`${database}, round ${round}: the same beside ${viewers} readers' beacons…\n`);
      const stopAt = Date.now() + durationS * 1000;
      const [beside, sent] = await Promise.all([searches(server.baseUrl, founder), beacons(server.baseUrl, token, readers, stopAt)]);
      results.push({ alone, beside, beacons: sent });
    }
    return results;
  } finally {
    const code = await server.stop();
    if (code !== 0) process.stdout.write(`${database}: the server exited with ${code}\n${server.output()}\n`);
  }
}

const rows: string[] = [];
const ms = (n: number) => n.toFixed(1);
const record = (database: string, results: Round[]) =>
  results.forEach(({ alone, beside, beacons: sent }, index) => {
    const refused = [...sent.refused].map(([status, n]) => `${n}× ${status}`).join(', ') || 'none';
    rows.push(
      `| ${database} | ${index + 1} | ${ms(alone.p50)} / ${ms(alone.p95)} / ${ms(alone.p99)} | ${ms(beside.p50)} / ${ms(beside.p95)} / ${ms(beside.p99)} | ${(beside.p95 / alone.p95).toFixed(2)} | ${sent.sent} | ${ms(sent.p50)} / ${ms(sent.p99)} | ${refused} | ${alone.non2xx + beside.non2xx} |`,
    );
  });

if (!values['skip-pglite']) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-deck-'));
  try {
    record('PGlite', await bench('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, await logInFounder(openDatabase, { dataDir })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
if (!values['skip-postgres']) {
  const { url, drop } = await createPostgresDatabase(process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fundscape-deck-'));
  try {
    record('PostgreSQL', await bench('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, await logInFounder(openDatabase, { url })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

process.stdout.write(
  [
    '',
    `${viewers} readers (a beacon every 10 s each) beside ${connections} founders searching (${rate === undefined ? 'each again as soon as answered' : `${rate} searches a second in all`}), ${durationS} s a phase; load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} (${os.cpus().length} cores)`,
    '',
    '| database | round | searches alone p50 / p95 / p99 ms | beside the readers p50 / p95 / p99 ms | p95 beside / alone | beacons | beacon p50 / p99 ms | beacons refused | searches non-2xx |',
    '|---|---:|---|---|---:|---:|---|---|---:|',
    ...rows,
    '',
  ].join('\n'),
);
