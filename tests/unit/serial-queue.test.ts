import { describe, expect, it } from 'vitest';
import { SerialQueue } from '../../src/server/db/serial-queue.js';

describe('SerialQueue', () => {
  it('runs tasks one at a time, in the order asked, and answers each its own result', async () => {
    const queue = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) => async () => {
      running++;
      expect(running).toBe(1);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      log.push(`end ${name}`);
      running--;
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([queue.run(task('a')), queue.run(task('b', true)), queue.run(task('c'))]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.length).toBe(0);
  });

  it('gives the event loop a turn between tasks, however many are queued', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    // Tasks that finish at once: without a turn between them they would all run before any I/O callback.
    const runs = Array.from({ length: 50 }, (_, i) => queue.run(async () => void order.push(`task ${i}`)));
    setImmediate(() => order.push('event loop'));
    await Promise.all(runs);
    const turn = order.indexOf('event loop');
    expect(turn).toBeGreaterThan(-1);
    expect(turn).toBeLessThan(5);
  });
});
