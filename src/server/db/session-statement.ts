import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.js';
import { queryRows, type Row } from './query-rows.js';

const dialect = new PgDialect();

/** A value written into an EXECUTE's text: PGlite's protocol binds no values to a utility statement. */
function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`SessionStatement: ${value} is not a whole number`);
    return String(value);
  }
  return `'${value.replaceAll("'", "''")}'`;
}

interface Client {
  query(text: string): Promise<{ rows: Row[] }>;
}

/**
 * A statement PGlite plans once instead of on every call: an SQL PREPARE in its one session, each call an EXECUTE
 * (after five calls PostgreSQL's plan cache keeps one generic plan). Worth it for a statement that is planned
 * slowly and run often in small pieces, such as the import's matching: its index expressions (fs_fold, inlined)
 * take the planner tens of milliseconds a statement, and on PGlite every other request waits meanwhile. Elsewhere
 * (PostgreSQL, or inside a transaction) the statement is run as it is.
 */
export class SessionStatement<Values extends Record<string, string | number>> {
  private readonly prepared = new WeakMap<object, Promise<unknown>>();

  constructor(
    /** Its name in the session: one per distinct statement. */
    private readonly name: string,
    /** The SQL type of each value, in order. */
    private readonly types: { [K in keyof Values]: string },
    /** The statement, given each value as an SQL fragment (a parameter, or the value itself). */
    private readonly build: (values: { [K in keyof Values]: SQL }) => SQL,
  ) {}

  async run(db: Db, values: Values): Promise<Row[]> {
    const keys = Object.keys(this.types) as Array<keyof Values>;
    const client = (db as unknown as { $client?: unknown }).$client;
    if (client === undefined || client instanceof pg.Pool) {
      const given = Object.fromEntries(keys.map((key) => [key, sql`${values[key]}::${sql.raw(this.types[key])}`]));
      return queryRows(db, this.build(given as { [K in keyof Values]: SQL }));
    }
    const session = client as Client;
    if (!this.prepared.has(session)) {
      const params = Object.fromEntries(keys.map((key, i) => [key, sql.raw(`$${i + 1}`)]));
      const { sql: text, params: bound } = dialect.sqlToQuery(this.build(params as { [K in keyof Values]: SQL }));
      if (bound.length > 0) throw new Error(`SessionStatement ${this.name}: every value must be one of its named values`);
      const types = keys.map((key) => this.types[key]).join(', ');
      const preparing = session.query(`PREPARE ${this.name}(${types}) AS ${text}`).catch((error: unknown) => {
        this.prepared.delete(session);
        throw error;
      });
      this.prepared.set(session, preparing);
    }
    await this.prepared.get(session);
    const { rows } = await session.query(`EXECUTE ${this.name}(${keys.map((key) => literal(values[key])).join(', ')})`);
    return rows;
  }
}
