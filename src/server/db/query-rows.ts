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

/**
 * A statement run on every call of a hot path, its values named by `sql.placeholder`. Its text is
 * built once (drizzle takes a few tenths of a millisecond to build a statement with many columns), and
 * on PostgreSQL it is a named statement, parsed and planned once per connection instead of per call.
 */
export class PreparedRows {
  private readonly text: string;
  private readonly params: unknown[];

  constructor(
    /** The statement's name on each connection: one per distinct statement. */
    private readonly name: string,
    query: SQL,
  ) {
    ({ sql: this.text, params: this.params } = dialect.sqlToQuery(query));
  }

  async run(db: Db, values: Record<string, unknown>): Promise<Row[]> {
    const params = fillPlaceholders(this.params, values);
    const client = (db as unknown as { $client: Client }).$client;
    const result =
      client instanceof pg.Pool
        ? await client.query({ name: this.name, text: this.text, values: params })
        : await client.query(this.text, params);
    return result.rows as Row[];
  }
}
