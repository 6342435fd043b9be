import { describe, expect, it } from 'vitest';
import { withPriority } from '../../src/server/db/priority-lane.js';
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

  it('runs a task asked for in the priority lane before those waiting, but never two in a row while others wait', async () => {
    const queue = new SerialQueue();
    const order: string[] = [];
    const task = (name: string) => async () => void order.push(name);
    const runs = [queue.run(task('running')), ...['a', 'b', 'c'].map((name) => queue.run(task(name)))];
    // Asked for while 'running' runs and a, b, c wait; a statement awaited inside the lane is in it too.
    runs.push(...['p1', 'p2', 'p3'].map((name) => withPriority(async () => queue.run(task(name)))));
    await Promise.all(runs);
    expect(order).toEqual(['running', 'p1', 'a', 'p2', 'b', 'p3', 'c']);
    expect(queue.length).toBe(0);
    // With no one else waiting, the lane's tasks run one after another.
    const alone = ['q1', 'q2'].map((name) => withPriority(() => queue.run(task(name))));
    await Promise.all(alone);
    expect(order.slice(-2)).toEqual(['q1', 'q2']);
  });
});
