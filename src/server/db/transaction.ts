import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * PostgreSQL ended the transaction for another's sake, and the same work run again is expected to go through:
 * deadlock_detected (it was chosen to break a deadlock, the other went on) and serialization_failure.
 */
const RETRYABLE_STATES = new Set(['40P01', '40001']);

/** How many times a write transaction is run at most before its failure is the caller's (a 500). */
export const WRITE_ATTEMPTS = 4;

/** The SQLSTATE of a database error, looking through the errors that wrap it (drizzle's DrizzleQueryError). */
export function sqlState(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction of its own, and again in a new one (after a short, random pause, so two victims
 * do not meet again at once) when PostgreSQL ends it with a deadlock or a serialization failure, up to
 * WRITE_ATTEMPTS times in all. Every change to a list and to a private contact goes through here, so a rare
 * lock-order race answers what the request would have answered alone, never a 500. `work` must be safe to run
 * again: only database work, whose effects the failed attempt rolled back, and values computed from it (no mail
 * sent, no stream consumed, nothing kept outside but what the last attempt returns). Inside a transaction already
 * (a savepoint) it is not retried: the outer transaction holds its locks still, and is the one to run again.
 * PGlite runs one transaction at a time: nothing there deadlocks.
 */
export async function writeTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const retries = is(db, PgTransaction) ? 1 : WRITE_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (attempt >= retries || !RETRYABLE_STATES.has(sqlState(error) ?? '')) throw error;
      await pause(attempt * (10 + Math.random() * 40));
    }
  }
}
