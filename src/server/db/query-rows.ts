import { randomBytes } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';

export type Row = Record<string, unknown>;

/** Runs raw SQL and answers its rows; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function queryRows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const dialect = new PgDialect();

/** What drizzle was given to talk to: a node-postgres pool, or PGlite (behind its queue). */
interface Client {
  query(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/** The names each PGlite client has prepared (PREPARE, for its one session), as they are being prepared. */
const preparedOnPglite = new WeakMap<object, Map<string, Promise<void>>>();

/** An array as PostgreSQL's array text, each element quoted, for its placeholder's cast to read (`::uuid[]`). */
const arrayText = (values: readonly unknown[]): string =>
  `{${values.map((value) => (value === null || value === undefined ? 'NULL' : `"${String(value).replace(/[\\"]/g, '\\$&')}"`)).join(',')}}`;

/**
 * A value as an SQL literal for EXECUTE: a number as is, anything else a string constant (standard conforming), an
 * array as its text, a time as ISO 8601.
 */
const literal = (value: unknown): string =>
  value === null || value === undefined
    ? 'NULL'
    : typeof value === 'number'
      ? String(value)
      : `'${(Array.isArray(value) ? arrayText(value) : value instanceof Date ? value.toISOString() : String(value)).replace(/'/g, "''")}'`;

/**
 * Each PGlite client's mark on the names it prepares: every client (the app's queue, a transaction's connection,
 * another thread's) shares the one session, and a PREPARE of a name taken would fail, aborting the transaction it ran in.
 */
const clientMarks = new WeakMap<object, string>();

const execute = (named: string, params: unknown[]) => `EXECUTE ${named} (${params.map(literal).join(', ')})`;

/** `name` prepared on PGlite for `client` (under the client's own mark): once, the call that first asks. */
function preparation(client: Client, name: string, text: string): { named: string; ready: Promise<void> } {
  let prepared = preparedOnPglite.get(client);
  if (!prepared) preparedOnPglite.set(client, (prepared = new Map()));
  let mark = clientMarks.get(client);
  if (!mark) clientMarks.set(client, (mark = randomBytes(4).toString('hex')));
  const named = `${name}_${mark}`;
  let ready = prepared.get(name);
  if (!ready) {
    ready = client.query(`PREPARE ${named} AS ${text}`, []).then(() => undefined);
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  return { named, ready };
}

/**
 * Runs `run` with the EXECUTE of `text` as the prepared statement `name` on PGlite, `params` as literals: prepared in
 * its one session once per client (PREPARE types each parameter from where it stands, or from its cast). A statement
 * found deallocated (DEALLOCATE ALL, DISCARD ALL) is forgotten, so the next call prepares it again; one that another
 * call prepared again meanwhile is kept.
 */
export async function executePrepared<R>(client: Client, name: string, text: string, params: unknown[], run: (statement: string) => Promise<R>): Promise<R> {
  const { named, ready } = preparation(client, name, text);
  await ready;
  try {
    return await run(execute(named, params));
  } catch (error) {
    const prepared = preparedOnPglite.get(client);
    if (isDeallocated(error) && prepared?.get(name) === ready) prepared.delete(name);
    throw error;
  }
}

const isDeallocated = (error: unknown) => (error as { code?: string }).code === '26000';

/** Runs `text` on PGlite as the prepared statement `name` (executePrepared), prepared again once if deallocated. */
export async function executeOnPglite(client: Client, name: string, text: string, params: unknown[], again = true): Promise<Row[]> {
  try {
    return await executePrepared(client, name, text, params, async (statement) => (await client.query(statement, [])).rows as Row[]);
  } catch (error) {
    if (!again || !isDeallocated(error)) throw error;
    return executeOnPglite(client, name, text, params, false);
  }
}

/**
 * What `db` talks to on PGlite: its thread's connection, or the app's queue in front of it; in a transaction, the
 * connection the transaction holds.
 */
export const pgliteClient = (db: Db): Client => (db as unknown as { session: { client: Client } }).session.client;

/**
 * A statement run on every call of a hot path, its values named by `sql.placeholder`. Its text is
 * built once (drizzle takes a few tenths of a millisecond to build a statement with many columns), and
 * on PostgreSQL it is a named statement, parsed and planned once per connection instead of per call.
 * With `pglite: 'prepared'` it is prepared on PGlite too (PREPARE in its one session, then EXECUTE with the values
 * as literals): for a large statement whose planning is a part of its cost. Every placeholder must then be cast
 * (`${placeholder}::type`), which gives PREPARE its parameter's type; values are numbers, strings or arrays of them.
 */
export class PreparedRows {
  private readonly text: string;
  private readonly params: unknown[];

  constructor(
    /** The statement's name on each connection: one per distinct statement. */
    private readonly name: string,
    query: SQL,
    private readonly options: { pglite?: 'prepared' } = {},
  ) {
    ({ sql: this.text, params: this.params } = dialect.sqlToQuery(query));
  }

  async run(db: Db, values: Record<string, unknown>): Promise<Row[]> {
    const params = fillPlaceholders(this.params, values);
    const client = (db as unknown as { $client: Client }).$client;
    if (client instanceof pg.Pool) return (await client.query({ name: this.name, text: this.text, values: params })).rows as Row[];
    if (this.options.pglite === 'prepared') return executeOnPglite(client, this.name, this.text, params);
    return (await client.query(this.text, params)).rows as Row[];
  }
}
