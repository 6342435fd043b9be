// The dictionaries of search fields must find exactly the rows whose joined text holds the needle:
// needles inside one field, across fields (a space), across an e-mail's '@', in fields with no '@' or
// several, whether the match sets the bitset or narrows one.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { type SearchField, SearchTermsBuilder } from '../../src/server/modules/catalogue/search-terms.js';

const f = new Faker({ locale: base, seed: 17 });
const ALPHABET = ['a', 'b', 'c', ' ', '@', '.', 'é', '🚀'];
const FIELDS: SearchField[] = [{ name: 'name' }, { name: 'email', splitAt: '@' }, { name: 'city' }];

function randomValue(): string {
  return Array.from({ length: f.number.int({ min: 0, max: 6 }) }, () => f.helpers.arrayElement(ALPHABET)).join('');
}

function rowsOf(bits: Uint32Array, n: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) rows.push(i);
  return rows;
}

describe('SearchTerms', () => {
  it.each([0, 1, 31, 33, 200, 3000])('matches like includes() on the joined fields over %i rows', (n) => {
    const rows = Array.from({ length: n }, () => FIELDS.map(randomValue));
    const builder = new SearchTermsBuilder(FIELDS, n);
    for (const values of rows) builder.add(values);
    const terms = builder.finish();
    const texts = rows.map((values) => values.join(' '));
    const needles = ['a', 'ab', 'abc', 'a b', '@', 'a@b', 'c.a', ' @', 'é', '🚀a', 'zz', 'b c a', '.'];
    const some = Uint32Array.from({ length: (n + 31) >>> 5 }, () => f.number.int({ min: 0, max: 0xffffffff }));
    // No row past the last, as the facet index never sets one.
    if (n % 32 !== 0) some[some.length - 1] &= (1 << n % 32) - 1;
    for (const needle of needles) {
      const expected = texts.flatMap((text, i) => (text.includes(needle) ? [i] : []));
      const set = new Uint32Array((n + 31) >>> 5);
      terms.applyTerm(needle, set, true);
      expect(rowsOf(set, n), needle).toEqual(expected);
      // Narrowing a given set keeps just the matching rows of it.
      const narrowed = some.slice();
      terms.applyTerm(needle, narrowed, false);
      const inSome = new Set(rowsOf(some, n));
      expect(rowsOf(narrowed, n), `${needle} narrowing`).toEqual(expected.filter((i) => inSome.has(i)));
    }
  });
});
