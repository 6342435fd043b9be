// The in-memory term match must find exactly the rows whose text holds the needle, across blocks and
// bitset words, whether it sets the bitset or narrows one.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { type Place, SearchTextBuilder } from '../../src/server/modules/catalogue/search-text-column.js';

const f = new Faker({ locale: base, seed: 11 });
const ALPHABET = ['a', 'b', 'c', ' ', '%', '_', "'", 'é', '東', '🚀'];

function randomText(): string {
  return Array.from({ length: f.number.int({ min: 0, max: 12 }) }, () => f.helpers.arrayElement(ALPHABET)).join('');
}

function rowsOf(bits: Uint32Array, n: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) rows.push(i);
  return rows;
}

describe('SearchTextColumn', () => {
  // Short patterns are scanned for in the small columns, and read from their bitsets when kept from no text on.
  it.each([
    [0, 64, undefined],
    [1, 64, undefined],
    [31, 64, undefined],
    [32, 64, 0],
    [33, 64, undefined],
    [95, 64, 0],
    [96, 64, undefined],
    [200, 64, undefined],
    [200, 64, 0],
    [3000, 256, undefined],
    [3000, 256, 0],
  ])(
    'matches like includes() over %i rows in blocks of %i (short patterns kept from %s characters)',
    async (n, blockRows, shortFrom) => {
      const texts = Array.from({ length: n }, randomText);
      const builder = new SearchTextBuilder(n, blockRows, shortFrom);
      for (const text of texts) builder.add(text);
      const column = await builder.finish();
      const needles = [
        'a',
        'ab',
        'b c',
        'abc',
        'c c%',
        '%',
        '_',
        "'",
        'é',
        '東🚀',
        'zz',
        'zzz',
        ...texts.filter((t) => t.length > 3).slice(0, 5),
        // Long pieces of single rows: rare, so the trigram filter lets few row groups through.
        ...texts.filter((t) => t.length > 10).slice(0, 10),
      ];
      for (const needle of needles) {
        const bits = new Uint32Array((n + 31) >>> 5);
        column.applyTerm(needle, bits, true);
        const expected = texts.flatMap((t, i) => (t.includes(needle) ? [i] : []));
        expect(rowsOf(bits, n), needle).toEqual(expected);

        // Narrowing keeps only rows that were set and match.
        const kept = texts.map(() => f.datatype.boolean());
        const narrowed = new Uint32Array((n + 31) >>> 5);
        kept.forEach((k, i) => {
          if (k) narrowed[i >>> 5] |= 1 << (i & 31);
        });
        column.applyTerm(needle, narrowed, false);
        expect(rowsOf(narrowed, n), needle).toEqual(expected.filter((i) => kept[i]));
      }
      // At a row's start, at its end, as its whole: the pieces above, their first and last characters, and nothing.
      const pieces = [...needles, ...texts.slice(0, 5).flatMap((t) => [t.slice(0, 1), t.slice(-1)]), ''];
      const places: [Place, (text: string, piece: string) => boolean][] = [
        ['start', (text, piece) => text.startsWith(piece)],
        ['end', (text, piece) => text.endsWith(piece)],
        ['whole', (text, piece) => text === piece],
      ];
      for (const [place, test] of places) {
        for (const piece of pieces) {
          const bits = new Uint32Array((n + 31) >>> 5);
          column.applyTerm(piece, bits, true, place);
          const expected = texts.flatMap((t, i) => (test(t, piece) ? [i] : []));
          expect(rowsOf(bits, n), `${place} ${JSON.stringify(piece)}`).toEqual(expected);
          const wrong = texts.filter((t, i) => column.holds(i, piece, place) !== test(t, piece));
          expect(wrong, `holds ${place} ${JSON.stringify(piece)}`).toEqual([]);
        }
      }
    },
  );

  it('never matches across two rows', async () => {
    const builder = new SearchTextBuilder(2, 32);
    builder.add('ab');
    builder.add('cd');
    const column = await builder.finish();
    const bits = new Uint32Array(1);
    column.applyTerm('bc', bits, true);
    expect(bits[0]).toBe(0);
    column.applyTerm('b\u0000c', bits, true);
    expect(bits[0]).toBe(0);
    column.applyTerm('b', bits, true, 'start');
    expect(bits[0]).toBe(0);
    column.applyTerm('bc', bits, true, 'whole');
    expect(bits[0]).toBe(0);
  });

  it('refuses a block size that does not cover whole bitset words, and a short build', async () => {
    expect(() => new SearchTextBuilder(10, 48)).toThrow(/multiple of 32/);
    const builder = new SearchTextBuilder(2);
    builder.add('x');
    await expect(builder.finish()).rejects.toThrow(/1 of 2 rows/);
  });
});
