// A mail's statements as PostgreSQL named statements: parsed and planned once per connection and shape instead of for
// every mail (their planning was most of the database's time for a mail: the account's read with her matching rows
// 1.5 ms of planning for 0.4 ms of work at 1M investors). Each statement's name is its text's hash, so a mail of the
// usual shape (a few rows on a few lists) reuses what the last one prepared; a larger one is not named (each shape
// named stays prepared on its connection). On PGlite a named statement is prepared in its one session the same way
// (query-rows.ts's executeOnPglite): planning was a third of the account's read there (1.9 ms of 6) and a fifth of
// the mail's rows read (0.75 of 4), time every founder's statement waited behind.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { postgresPool, type Db } from '../../db/client.js';
import type { PgliteConnection } from '../../db/pglite-thread.js';
import { executeOnPglite, executePrepared, pgliteClient, queryRows, type Row } from '../../db/query-rows.js';

const dialect = new PgDialect();

/**
 * The settings of the capture's own connections (PostgreSQL's pool in the listener's thread, and its connection to
 * PGlite's thread), which reach no other statement: the mail's named statements keep one generic plan each (the
 * account's read with her matching rows was planned for every mail: 0.9 ms for 0.3 of work on PostgreSQL at 1M, and
 * on PGlite 5.8 ms a read against 2.3 with a generic plan), and none is JIT-compiled (small statements: a generic
 * plan's estimates made the account's read compile, 190 ms a run).
 */
export const CAPTURE_CONNECTION_SETTINGS = { plan_cache_mode: 'force_generic_plan', jit: 'off' };

/** Rows, lists or addresses past which a statement's shape is too rare to be kept prepared. */
export const NAMED_SHAPE_MAX = 4;

/** A client that runs a statement: the app's pool, or one of its connections in a transaction. */
type Runner = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/** A statement's name: its text's, so the same text has the same name on every connection and in every session. */
const statementName = (text: string) => `capture_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;

/**
 * Runs `query` as a named statement when `named` (else unnamed, planned for its values): on PostgreSQL on `client` (a
 * connection in a transaction) or the pool, on PGlite prepared in its session. Values are read with pg's own
 * parsers: a statement answering times or dates casts them to text.
 */
export async function runStatement(db: Db, query: SQL, named: boolean, client?: Runner): Promise<Row[]> {
  const runner = client ?? postgresPool(db);
  if (!runner && !named) return queryRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!runner) return executeOnPglite(pgliteClient(db), statementName(text), text, params);
  const name = named ? statementName(text) : undefined;
  const result = await runner.query({ name, text, values: params });
  return result.rows as Row[];
}

/**
 * Runs `query` as the last statement of `connection`'s open transaction on PGlite, committing it in the same turn of
 * the database's thread (pglite-thread.ts), prepared as runStatement prepares it when `named`. Not prepared again
 * here if deallocated: the transaction is rolled back, and the mail's retry prepares it.
 */
export async function runStatementThenCommit(connection: PgliteConnection, query: SQL, named: boolean): Promise<Row[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (!named) return (await connection.queryThenCommit<Row>(text, params)).rows;
  return (await executePrepared(connection, statementName(text), text, params, (statement) => connection.queryThenCommit<Row>(statement))).rows;
}
