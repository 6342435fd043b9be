import { isStatementTimeout } from '../../db/statement-timeout.js';
import { HttpError } from '../../plugins/error-handler.js';

/**
 * The longest one statement of a preview or an import may run on PostgreSQL before it is cancelled: the largest
 * take about half a second with 1,000,000 investors (tests/bench/README.md). On PGlite, which cannot cancel one,
 * the statements are kept short instead (matching.ts).
 */
export const IMPORT_STATEMENT_MS = 5000;

/** `work`, with a statement its timeout cancelled answered as a 503 the founder can read. */
export async function answeringTimeouts<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isStatementTimeout(error)) throw new HttpError(503, 'The server took too long with this spreadsheet just now. Please try again in a few minutes.');
    throw error;
  }
}
