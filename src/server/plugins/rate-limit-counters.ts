// Where rate-limit counters live: somewhere every instance behind a load balancer sees, so N instances
// allow what one does. The database by default; Redis when REDIS_URL is set.
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.js';
import { PreparedRows } from '../db/query-rows.js';
import { rateLimitCounters } from '../db/schema.js';

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends and the count starts again. */
  ttlMs: number;
}

export interface CounterStore {
  /** Counts one hit on `key`, in a window of `windowMs` that starts with the first hit. */
  hit(key: string, windowMs: number): Promise<Hit>;
  close(): Promise<void>;
}

/** How often each instance removes the database's counters whose window has ended. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

const t = rateLimitCounters;
const fresh = sql`now() + make_interval(secs => ${sql.placeholder('seconds')}::float8)`;
const ended = sql`${t.resets_at} <= now()`;

/**
 * One hit on a key: a new key or an ended window starts at 1, otherwise the count goes up. Prepared on PGlite too:
 * every rate-limited call and every mail to a capture address runs it, planned anew each time it took 1.6 ms of the
 * database's thread there.
 */
const hitCounter = new PreparedRows(
  'rate_limit_hit',
  sql`INSERT INTO ${t} (key, hits, resets_at) VALUES (${sql.placeholder('key')}::text, 1, ${fresh})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN ${ended} THEN 1 ELSE ${t.hits} + 1 END,
      resets_at = CASE WHEN ${ended} THEN ${fresh} ELSE ${t.resets_at} END
    RETURNING ${t.hits} AS hits, greatest(0, ceil(extract(epoch FROM ${t.resets_at} - now()) * 1000))::float8 AS ttl_ms`,
  { pglite: 'prepared' },
);

/**
 * One row per key, counted by one atomic upsert (hitCounter). The database's clock decides when a window ends, so
 * instances never disagree.
 */
export function databaseCounters(db: Db): CounterStore {
  const sweep = setInterval(() => {
    db.delete(t)
      .where(sql`${t.resets_at} < now()`)
      .catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const [row] = await hitCounter.run(db, { key, seconds: windowMs / 1000 });
      return { hits: Number(row.hits), ttlMs: Number(row.ttl_ms) };
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

/** INCR with an expiry set by the first hit, as one script: atomic on the Redis server. */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** Counters as Redis keys that expire with their window. */
export function redisCounters(url: string): CounterStore {
  // A Redis that is down fails a counted call after a couple of tries instead of holding it.
  const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000 });
  redis.on('error', () => {});
  return {
    async hit(key, windowMs) {
      const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, `fundscape:rate-limit:${key}`, windowMs)) as [number, number];
      return { hits, ttlMs: ttl };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
