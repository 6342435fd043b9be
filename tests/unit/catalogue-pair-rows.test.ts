// The pairs' rows must be exactly the rows whose joined text holds the pair, for every pair kept, and
// never kept for a pair that could run from one field or part into the next; narrowing a term by its
// pairs must keep every row holding it.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { SearchFieldBuilder } from '../../src/server/modules/catalogue/search-field.js';
import { buildPairRows } from '../../src/server/modules/catalogue/pair-rows.js';

const f = new Faker({ locale: base, seed: 29 });
const ALPHABET = ['a', 'b', 'c', ' ', '@', '.', 'é'];

function rowsOf(bits: Uint32Array, n: number): number[] {
  return Array.from({ length: n }, (_, i) => i).filter((i) => (bits[i >>> 5] & (1 << (i & 31))) !== 0);
}

describe('PairRows', () => {
  it.each([1, 40, 2000])('keeps the rows of each common pair over %i rows', async (n) => {
    const rows = Array.from({ length: n }, () =>
      [0, 1].map(() => Array.from({ length: f.number.int({ max: 5 }) }, () => f.helpers.arrayElement(ALPHABET)).join('')),
    );
    // The second field is cut at its '@', as an e-mail is.
    const builders = [new SearchFieldBuilder(n), new SearchFieldBuilder(n, '@')];
    for (const values of rows) values.forEach((value, k) => builders[k].add(value));
    const fields = await Promise.all(builders.map((builder) => builder.finish()));
    const pairs = await buildPairRows(fields, n, ' @');
    const texts = rows.map((values) => values.join(' '));
    let kept = 0;
    for (const a of ALPHABET) {
      for (const b of ALPHABET) {
        const pair = a + b;
        const held = texts.flatMap((text, i) => (text.includes(pair) ? [i] : []));
        const bits = pairs.rowsOf(pair);
        if (bits === undefined) continue;
        kept++;
        expect(pair).toMatch(/^[abc.]{2}$/);
        expect(held.length * 32).toBeGreaterThanOrEqual(n);
        expect(rowsOf(bits, n), pair).toEqual(held);
      }
    }
    if (n >= 40) expect(kept).toBeGreaterThan(0);
    for (const needle of ['ab', 'abc', 'c.ab', 'a b', 'b.c.a']) {
      const candidates = new Uint32Array((n + 31) >>> 5).fill(0xffffffff);
      pairs.narrow(needle, candidates);
      const left = new Set(rowsOf(candidates, n));
      for (const [i, text] of texts.entries()) if (text.includes(needle)) expect(left.has(i), `${needle} row ${i}`).toBe(true);
    }
  });
});
