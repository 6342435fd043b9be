// The rate-limit counters every instance shares: in the database (PGlite, PostgreSQL) or in Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/server/db/client.js';
import { type CounterStore, databaseCounters, redisCounters } from '../../src/server/plugins/rate-limit-counters.js';
import { testDatabases } from '../helpers/database.js';
import { reachableRedis } from '../helpers/redis.js';

interface StoreKind {
  name: string;
  open(): Promise<{ counters: CounterStore; close(): Promise<void> }>;
}

const redisUrl = await reachableRedis();
const kinds: StoreKind[] = testDatabases().map((db) => ({
  name: `the database (${db.name})`,
  async open() {
    const database: Database = await db.open();
    const counters = databaseCounters(database.db);
    return { counters, close: async () => (await counters.close(), await database.close()) };
  },
}));
if (redisUrl) {
  kinds.push({
    name: 'Redis',
    async open() {
      const counters = redisCounters(redisUrl);
      return { counters, close: () => counters.close() };
    },
  });
}

describe.each(kinds)('rate-limit counters in $name', (kind) => {
  let counters: CounterStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ counters, close } = await kind.open());
  });
  afterAll(() => close());

  const key = () => `test:${randomUUID()}`;

  it('counts hits in a window, tells how long it has left, and starts again after it', async () => {
    const k = key();
    const first = await counters.hit(k, 60_000);
    expect(first.hits).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(50_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    expect((await counters.hit(k, 60_000)).hits).toBe(2);
    expect((await counters.hit(key(), 60_000)).hits).toBe(1);

    const short = key();
    await counters.hit(short, 300);
    await counters.hit(short, 300);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await counters.hit(short, 300)).hits).toBe(1);
  });

  it('loses no hit when many arrive at once', async () => {
    const k = key();
    const hits = await Promise.all(Array.from({ length: 40 }, () => counters.hit(k, 60_000)));
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
