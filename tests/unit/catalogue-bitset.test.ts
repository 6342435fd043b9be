// Bitsets reused across searches must come back zeroed and never be handed out twice at once.
import { describe, expect, it } from 'vitest';
import { BitsetArena } from '../../src/server/modules/catalogue/bitset.js';

describe('BitsetArena', () => {
  it('hands out distinct zeroed bitsets, and reuses them zeroed once given back', () => {
    const arena = new BitsetArena();
    const a = arena.take(4);
    const b = arena.take(4);
    expect(a).not.toBe(b);
    a.fill(7);
    b.fill(9);
    arena.release();
    const again = [arena.take(4), arena.take(4)];
    expect(again).toContain(a);
    expect(again).toContain(b);
    for (const bits of again) expect([...bits]).toEqual([0, 0, 0, 0]);
    // Another length is another bitset.
    expect(arena.take(5)).toHaveLength(5);
  });
});
