import { describe, expect, it } from 'vitest';
import { ReadingClock } from '../../src/viewer/reading-clock.js';

describe('ReadingClock', () => {
  it('counts the time each page was in view, in the order first read', () => {
    const clock = new ReadingClock(0);
    clock.show(1, 0);
    clock.show(2, 3_000);
    clock.show(1, 8_000);
    expect(clock.take(9_500)).toEqual([
      { page: 1, ms: 4_500 },
      { page: 2, ms: 5_000 },
    ]);
  });

  it('counts nothing before a page is shown, nor while the document is hidden', () => {
    const clock = new ReadingClock(0);
    clock.show(1, 2_000);
    clock.setVisible(false, 4_000);
    clock.setVisible(true, 60_000);
    expect(clock.take(61_000)).toEqual([{ page: 1, ms: 3_000 }]);
  });

  it('hands each time over once', () => {
    const clock = new ReadingClock(0);
    clock.show(3, 0);
    expect(clock.take(1_000)).toEqual([{ page: 3, ms: 1_000 }]);
    expect(clock.take(1_000)).toEqual([]);
    expect(clock.take(2_500)).toEqual([{ page: 3, ms: 1_500 }]);
  });

  it('hands over no more than the cap, the pages first read first', () => {
    const clock = new ReadingClock(0);
    clock.show(1, 0);
    clock.show(2, 8_000);
    expect(clock.take(14_000, 10_000)).toEqual([
      { page: 1, ms: 8_000 },
      { page: 2, ms: 2_000 },
    ]);
  });
});
