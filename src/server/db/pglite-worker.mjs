// The database's thread (pglite-thread.ts): PGlite, and the connections that talk to it. One statement runs at a
// time: while a connection's transaction is open only its statements run; else the app's connection goes first (a
// founder's request), then the others' (the capture listener's mails), each in the order it sent them.
// Plain JavaScript: a TypeScript loader (tsx) took 0.26 s of every start of the thread, and the suites start hundreds.
// Its messages are pglite-thread.ts's ToPglite and FromPglite.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * @typedef {{ port: import('node:worker_threads').MessagePort, waiting: Array<{ id: number, op: string } & Record<string, any>>,
 *   settings: Record<string, string> }} Connection
 */

/** An error as fields that cross to the other thread: its message, and PostgreSQL's code, detail, constraint … */
function asFields(error) {
  const fields = {};
  if (typeof error !== 'object' || error === null) return { message: String(error), fields };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message ?? String(error), fields };
}

const keep = (value) => value;

/** @type {Connection} */
const app = { port: parentPort, waiting: [], settings: {} };
/** @type {Set<Connection>} */
const others = new Set();
/** The connection whose transaction is open: no other's statement runs until it ends. @type {Connection | null} */
let holder = null;
let running = false;
let closed = false;

function nextTurn() {
  if (holder) return holder.waiting.length > 0 ? [holder, holder.waiting.shift()] : null;
  for (const connection of [app, ...others]) if (connection.waiting.length > 0) return [connection, connection.waiting.shift()];
  return null;
}

function connect(port, settings) {
  /** @type {Connection} */
  const connection = { port, waiting: [], settings };
  others.add(connection);
  port.on('message', (message) => {
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

const runQuery = (message) =>
  db.query(message.text, message.params, {
    rowMode: message.rowMode,
    parsers: message.keepAsText.length ? Object.fromEntries(message.keepAsText.map((oid) => [oid, keep])) : undefined,
  });

/** Ends the holder's transaction: ended either way, as a COMMIT that fails rolls back. */
function end(statement) {
  holder = null;
  return db.exec(statement);
}

async function answer(connection, message) {
  if (closed) throw new Error('The database is closed');
  switch (message.op) {
    case 'query':
      if (!message.commit) return runQuery(message);
      // Its transaction's last statement, committed in the same turn (rolled back if it fails): the transaction
      // holds the database no longer than its statements take.
      try {
        const result = await runQuery(message);
        await end('COMMIT');
        return result;
      } catch (error) {
        if (holder === connection) await end('ROLLBACK');
        throw error;
      }
    case 'exec':
      return db.exec(message.text);
    case 'begin':
      await db.exec('BEGIN');
      holder = connection;
      return undefined;
    case 'commit':
    case 'rollback':
      // Only the connection whose transaction is open ends it: a rollback after its last statement failed finds it
      // ended already, and must not end another connection's.
      if (holder !== connection) {
        if (message.op === 'rollback') return undefined;
        throw new Error('No transaction is open on this connection');
      }
      return end(message.op.toUpperCase());
  }
  if (connection !== app) throw new Error(`Only the app's connection may ${message.op}`);
  switch (message.op) {
    case 'connect':
      return connect(message.port, message.settings);
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

/** Every message already sent, on any port, put in line (without waiting for the event loop to deliver it). */
function collect() {
  for (const connection of [app, ...others]) {
    for (let received = receiveMessageOnPort(connection.port); received; received = receiveMessageOnPort(connection.port)) {
      connection.waiting.push(received.message);
    }
  }
}

/** The connection whose settings the one session has now. */
let settingsOf = app;

/**
 * Gives the session `connection`'s settings (as a server gives each connection its own) before its statement runs.
 * Never inside a transaction: while one is open only its connection's statements run, and its BEGIN was the switch.
 */
async function takeSettings(connection) {
  if (connection === settingsOf) return;
  const statements = [
    ...Object.keys(settingsOf.settings).filter((name) => !(name in connection.settings)).map((name) => `RESET ${name}`),
    ...Object.entries(connection.settings).map(([name, value]) => `SET ${name} TO '${value}'`),
  ];
  if (statements.length > 0) await db.exec(statements.join('; '));
  settingsOf = connection;
}

async function run() {
  if (running) return;
  running = true;
  for (let turn = (collect(), nextTurn()); turn; turn = (collect(), nextTurn())) {
    const [connection, message] = turn;
    let reply;
    try {
      await takeSettings(connection);
      reply = { id: message.id, ok: true, result: await answer(connection, message) };
    } catch (error) {
      reply = { id: message.id, ok: false, error: asFields(error) };
    }
    connection.port.postMessage(reply);
  }
  running = false;
}

let db;
try {
  db = await PGlite.create({ dataDir: workerData.dataDir, loadDataDir: workerData.loadDataDir, extensions: { pg_trgm } });
  app.port.postMessage({ id: 0, ok: true, result: undefined });
} catch (error) {
  app.port.postMessage({ id: 0, ok: false, error: asFields(error) });
  process.exit(1);
}

parentPort.on('message', (message) => {
  app.waiting.push(message);
  void run();
});
