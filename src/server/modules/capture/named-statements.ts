// A mail's statements as PostgreSQL named statements: parsed and planned once per connection and shape instead of for
// every mail (their planning was most of the database's time for a mail: the account's read with her matching rows
// 1.5 ms of planning for 0.4 ms of work at 1M investors). Each statement's name is its text's hash, so a mail of the
// usual shape (a few rows on a few lists) reuses what the last one prepared; a larger one is not named (each shape
// named stays prepared on its connection). PGlite runs each as it is.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { postgresPool, type Db } from '../../db/client.js';
import { queryRows, type Row } from '../../db/query-rows.js';

const dialect = new PgDialect();

/** Rows, lists or addresses past which a statement's shape is too rare to be kept prepared. */
export const NAMED_SHAPE_MAX = 4;

/** A client that runs a statement: the app's pool, or one of its connections in a transaction. */
type Runner = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Runs `query` on PostgreSQL as a named statement when `named` (else unnamed, planned for its values), on `client` (a
 * connection in a transaction) or the pool; on PGlite through the database as it is. Values are read with pg's own
 * parsers: a statement answering times or dates casts them to text.
 */
export async function runStatement(db: Db, query: SQL, named: boolean, client?: Runner): Promise<Row[]> {
  const runner = client ?? postgresPool(db);
  if (!runner) return queryRows(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = named ? `capture_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}` : undefined;
  const result = await runner.query({ name, text, values: params });
  return result.rows as Row[];
}
