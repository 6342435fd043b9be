// The database's thread (pglite-thread.ts): PGlite, and the connections that talk to it. One statement runs at a
// time: while a connection's transaction is open only its statements run; else the app's connection goes first (a
// founder's request), then the others' (the capture listener's mails), each in the order it sent them.
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ErrorFields, FromPglite, PgliteThreadOptions, ToPglite } from './pglite-thread.js';

interface Connection {
  port: Pick<MessagePort, 'postMessage' | 'close'>;
  waiting: ToPglite[];
}

function asFields(error: unknown): ErrorFields {
  const fields: Record<string, string | number | boolean> = {};
  if (typeof error !== 'object' || error === null) return { message: String(error), fields };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: (error as Error).message ?? String(error), fields };
}

const keep = (value: string) => value;

const app: Connection = { port: parentPort!, waiting: [] };
const others = new Set<Connection>();
/** The connection whose transaction is open: no other's statement runs until it ends. */
let holder: Connection | null = null;
let running = false;
let closed = false;

function nextTurn(): [Connection, ToPglite] | null {
  if (holder) return holder.waiting.length > 0 ? [holder, holder.waiting.shift()!] : null;
  for (const connection of [app, ...others]) if (connection.waiting.length > 0) return [connection, connection.waiting.shift()!];
  return null;
}

function connect(port: MessagePort): void {
  const connection: Connection = { port, waiting: [] };
  others.add(connection);
  port.on('message', (message: ToPglite) => {
    connection.waiting.push(message);
    void run();
  });
  // Its thread ended (or let go of it): what it left open is rolled back, what it left waiting dropped.
  port.on('close', () => {
    others.delete(connection);
    connection.waiting = [];
    if (holder === connection) {
      holder = null;
      void db.exec('ROLLBACK').finally(() => void run());
    }
  });
}

async function answer(connection: Connection, message: ToPglite): Promise<unknown> {
  if (closed) throw new Error('The database is closed');
  switch (message.op) {
    case 'query':
      return db.query(message.text, message.params, {
        rowMode: message.rowMode,
        parsers: message.keepAsText.length ? Object.fromEntries(message.keepAsText.map((oid) => [oid, keep])) : undefined,
      });
    case 'exec':
      return db.exec(message.text);
    case 'begin':
      await db.exec('BEGIN');
      holder = connection;
      return undefined;
    case 'commit':
    case 'rollback':
      // Ended either way: a COMMIT that fails rolls back.
      holder = null;
      return db.exec(message.op.toUpperCase());
  }
  if (connection !== app) throw new Error(`Only the app's connection may ${message.op}`);
  switch (message.op) {
    case 'connect':
      return connect(message.port);
    case 'dump':
      // Every committed change written into the data files first, so loading the copy needs no WAL replay.
      await db.exec('CHECKPOINT');
      return db.dumpDataDir('gzip');
    case 'close':
      // The other threads' connections end with it: what they ask next fails at once.
      closed = true;
      for (const other of others) other.port.close();
      return db.close();
  }
}

/** A turn of the event loop: the messages that arrived meanwhile, on any port, are in line before the next is chosen. */
const messagesIn = () => new Promise((resolve) => setImmediate(resolve));

async function run(): Promise<void> {
  if (running) return;
  running = true;
  for (let turn = (await messagesIn(), nextTurn()); turn; turn = (await messagesIn(), nextTurn())) {
    const [connection, message] = turn;
    let reply: FromPglite;
    try {
      reply = { id: message.id, ok: true, result: await answer(connection, message) };
    } catch (error) {
      reply = { id: message.id, ok: false, error: asFields(error) };
    }
    connection.port.postMessage(reply);
  }
  running = false;
}

const options = workerData as PgliteThreadOptions;
let db: PGlite;
try {
  db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
  app.port.postMessage({ id: 0, ok: true, result: undefined } satisfies FromPglite);
} catch (error) {
  app.port.postMessage({ id: 0, ok: false, error: asFields(error) } satisfies FromPglite);
  process.exit(1);
}

parentPort!.on('message', (message: ToPglite) => {
  app.waiting.push(message);
  void run();
});
