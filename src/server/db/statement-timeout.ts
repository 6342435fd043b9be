import { sql } from 'drizzle-orm';
import { postgresPool, type Db } from './client.js';
import { sqlState } from './transaction.js';

/** PostgreSQL cancelled a statement that ran past its statement_timeout. */
export const isStatementTimeout = (error: unknown) => sqlState(error) === '57014';

/** Inside a transaction: each of its statements from now on is cancelled after `ms` (PostgreSQL; PGlite ignores it). */
export async function limitStatements(tx: Db, ms: number): Promise<void> {
  await tx.execute(sql`SELECT set_config('statement_timeout', ${String(ms)}, true)`);
}

/**
 * Runs read-only `work` with each of its statements cancelled after `ms` on PostgreSQL, in a transaction of its own
 * (the setting is the transaction's, not the pooled connection's). PGlite cannot cancel a statement (it has no
 * timer to do it by), and a transaction there would hold its one queue for the whole work: `work` runs as it is,
 * and must keep each of its statements short itself.
 */
export async function withStatementTimeout<T>(db: Db, ms: number, work: (db: Db) => Promise<T>): Promise<T> {
  if (!postgresPool(db)) return work(db);
  return db.transaction(async (tx) => {
    await limitStatements(tx as unknown as Db, ms);
    return work(tx as unknown as Db);
  });
}
