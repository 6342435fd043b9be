import { describe, expect, it } from 'vitest';
import { VersionedCache } from '../../src/server/modules/catalogue/versioned-cache.js';

describe('versioned cache', () => {
  it('computes once per key and version, sharing a computation in flight', async () => {
    const cache = new VersionedCache<number>(10);
    let calls = 0;
    const compute = async () => ++calls;
    const [a, b] = await Promise.all([cache.get(1, 'k', compute), cache.get(1, 'k', compute)]);
    expect([a, b, calls]).toEqual([1, 1, 1]);
    expect(await cache.get(1, 'k', compute)).toBe(1);
    expect(await cache.get(2, 'k', compute)).toBe(2);
  });

  it('drops older versions, answers a stale asker without caching, forgets failures', async () => {
    const cache = new VersionedCache<string>(10);
    await cache.get(5, 'a', async () => 'five');
    expect(await cache.get(4, 'a', async () => 'four')).toBe('four');
    expect(await cache.get(5, 'a', async () => 'again')).toBe('five');
    await expect(cache.get(5, 'b', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get(5, 'b', async () => 'recovered')).toBe('recovered');
  });

  it('keeps at most its capacity, the least recently used going first', async () => {
    const cache = new VersionedCache<string>(2);
    await cache.get(1, 'a', async () => 'a');
    await cache.get(1, 'b', async () => 'b');
    await cache.get(1, 'a', async () => 'a2');
    await cache.get(1, 'c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get(1, 'a', async () => 'a3')).toBe('a');
    expect(await cache.get(1, 'b', async () => 'b2')).toBe('b2');
  });
});
