import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

export type Row = Record<string, unknown>;

/** Runs raw SQL and answers its rows; both drivers (PGlite and node-postgres) answer `{ rows }`. */
export async function queryRows(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
