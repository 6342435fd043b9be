// What the server-process benchmarks share: a founder with a live session written straight into the database, and the
// searches 200 founders make at once.
import { randomBytes, randomUUID } from 'node:crypto';
import type { DatabaseOptions, openDatabase as OpenDatabase } from '../../src/server/db/client.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';

/** The server's JWT_SECRET in a benchmark, so a token signed here is one it accepts. */
export const BENCH_JWT_SECRET = 'load-bench-secret-long-enough-for-hs256';

/** What founders search: pages of the tables, filters, terms, on both catalogues. */
export const FOUNDER_SEARCHES = [
  '/api/v1/investors/search?page=1&per_page=15',
  '/api/v1/investors/search?page=7&per_page=15&countries=United%20States',
  '/api/v1/investors/search?page=1&per_page=15&search_term=capital',
  '/api/v1/investors/search?page=2&per_page=15&stages=Seed&industries=Software',
  '/api/v1/funds/search?page=1&per_page=15',
  '/api/v1/funds/search?page=1&per_page=15&search_term=partners',
];

/**
 * A founder with a live session and an access token for it, written before the server opens the database (PGlite is
 * one process's), with the openDatabase (so the migrations) of the tree under test.
 */
export async function logInFounder(openDatabase: typeof OpenDatabase, options: DatabaseOptions): Promise<string> {
  const database = await openDatabase(options);
  type Client = { query(text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
  const client = (database.db as unknown as { $client: Client }).$client;
  try {
    const { rows } = await client.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
       VALUES ($1, 'not a hash: the founder never logs in with a password', 'Ada', 'Founder', now()) RETURNING id`,
      [`founder-${randomUUID()}@example.test`],
    );
    const userId = Number(rows[0].id);
    const sessionId = randomUUID();
    await client.query(
      `INSERT INTO refresh_tokens (user_id, token_hash, family_id, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')`,
      [userId, randomBytes(32).toString('hex'), sessionId],
    );
    return await signAccessToken(BENCH_JWT_SECRET, userId, Date.now(), sessionId);
  } finally {
    await database.close();
  }
}
