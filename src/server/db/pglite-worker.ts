// The database's thread (pglite-thread.ts): PGlite, answering the app's thread one message at a time, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromPglite, PgliteThreadOptions, ToPglite } from './pglite-thread.js';

const port = parentPort!;
const options = workerData as PgliteThreadOptions;

/** An error as fields that cross to the app's thread: its message, and PostgreSQL's code, detail, constraint … */
function asFields(error: unknown) {
  const fields: Record<string, string | number | boolean> = {};
  if (typeof error !== 'object' || error === null) return { message: String(error), fields };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: (error as Error).message ?? String(error), fields };
}

const keep = (value: string) => value;

async function answer(db: PGlite, message: ToPglite): Promise<unknown> {
  switch (message.op) {
    case 'query':
      return db.query(message.text, message.params, {
        rowMode: message.rowMode,
        parsers: message.keepAsText.length ? Object.fromEntries(message.keepAsText.map((oid) => [oid, keep])) : undefined,
      });
    case 'exec':
      return db.exec(message.text);
    case 'dump':
      // Every committed change written into the data files first, so loading the copy needs no WAL replay.
      await db.exec('CHECKPOINT');
      return db.dumpDataDir('gzip');
    case 'close':
      return db.close();
  }
}

let db: PGlite;
try {
  db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  port.postMessage({ id: 0, ready: true } satisfies FromPglite);
} catch (error) {
  port.postMessage({ id: 0, ready: false, error: asFields(error) } satisfies FromPglite);
  process.exit(1);
}

// One message at a time, in the order sent: a transaction's statements follow its BEGIN.
let turn = Promise.resolve();
port.on('message', (message: ToPglite) => {
  turn = turn.then(async () => {
    let reply: FromPglite;
    try {
      reply = { id: message.id, ok: true, result: await answer(db, message) };
    } catch (error) {
      reply = { id: message.id, ok: false, error: asFields(error) };
    }
    port.postMessage(reply);
  });
});
