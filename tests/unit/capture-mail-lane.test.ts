import { describe, expect, it } from 'vitest';
import { MailLane } from '../../src/server/modules/capture/mail-lane.js';

describe('MailLane', () => {
  it('runs at most its size at once, the rest in the order they came, a failure freeing its place', async () => {
    const lane = new MailLane(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const task = (n: number) => () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      return new Promise<number>((resolve, reject) =>
        releases.push(() => {
          running--;
          if (n === 1) reject(new Error('failed'));
          else resolve(n);
        }),
      );
    };
    const results = [1, 2, 3, 4].map((n) => lane.run(task(n)));
    await expect.poll(() => started).toEqual([1, 2]);
    releases.shift()!();
    await expect(results[0]).rejects.toThrow('failed');
    await expect.poll(() => started).toEqual([1, 2, 3]);
    while (started.length < 4 || releases.length > 0) {
      await expect.poll(() => releases.length).toBeGreaterThan(0);
      releases.shift()!();
    }
    expect(await Promise.all(results.slice(1))).toEqual([2, 3, 4]);
    expect(most).toBe(2);
  });
});
