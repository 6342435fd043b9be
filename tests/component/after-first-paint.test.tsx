// The deferred work of a first load (src/lib/after-first-paint.ts): it waits for the first page's content,
// and each piece then runs in a task of its own, not all in the one task that ends the wait.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, markFirstPageRendered } from '../../src/lib/after-first-paint';

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeAll(() => {
  // A browser that times paints (jsdom does not): the wait is then for the first page's content.
  vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['paint'] });
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe('after the first paint', () => {
  it('waits for the first page to render its content', async () => {
    const started = vi.fn();
    void afterFirstPaint().then(started);
    for (let i = 0; i < 5; i++) await aTask();
    expect(started).not.toHaveBeenCalled();

    markFirstPageRendered();
    await vi.waitFor(() => expect(started).toHaveBeenCalledOnce());
  });

  it('runs each piece of deferred work in a task of its own', async () => {
    const order: string[] = [];
    const first = afterFirstPaint().then(() => {
      order.push('first');
      // A microtask of the first piece runs before the second piece starts only if the second is another task.
      queueMicrotask(() => order.push('end of the first task'));
    });
    const second = afterFirstPaint().then(() => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'end of the first task', 'second']);
  });
});
