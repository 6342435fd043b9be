// The dictionaries of search fields must find exactly the rows whose joined text holds the needle:
// needles inside one field, across two or more fields (at a space), in values that hold spaces
// themselves or are empty, whether the match sets the bitset or narrows one, and whichever way (the
// postings, a pass over the codes, one row at a time) the rows are read.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { type SearchFieldSpec, SearchTermsBuilder } from '../../src/server/modules/catalogue/search-terms.js';

const f = new Faker({ locale: base, seed: 17 });
const ALPHABET = ['a', 'b', 'c', ' ', '@', '.', 'é', '🚀'];
// The middle field is cut at its '@', as an e-mail is.
const FIELDS: SearchFieldSpec[] = [{ name: 'name' }, { name: 'email', splitAt: '@' }, { name: 'city' }];

function randomValue(): string {
  return Array.from({ length: f.number.int({ min: 0, max: 6 }) }, () => f.helpers.arrayElement(ALPHABET)).join('');
}

function rowsOf(bits: Uint32Array, n: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) rows.push(i);
  return rows;
}

function build(rows: string[][]) {
  const builder = new SearchTermsBuilder(FIELDS, rows.length);
  for (const values of rows) builder.add(values);
  return builder.finish();
}

describe('SearchTerms', () => {
  it.each([0, 1, 31, 33, 200, 3000])('matches like includes() on the joined fields over %i rows', async (n) => {
    // A few values repeat a great deal (as firm names do) and the rest are random; the last field has
    // only the few (as a title has), so it keeps a bitset per value.
    const common = Array.from({ length: 5 }, randomValue);
    const rows = Array.from({ length: n }, () =>
      FIELDS.map((_, k) =>
        k === FIELDS.length - 1 || f.datatype.boolean(0.3) ? f.helpers.arrayElement(common) : randomValue(),
      ),
    );
    const terms = await build(rows);
    const texts = rows.map((values) => values.join(' '));
    // Pieces of rows' own texts, so that needles spanning two and three fields do match.
    const pieces = texts
      .filter((text) => text.length > 4)
      .slice(0, 12)
      .map((text) => text.slice(f.number.int({ max: 2 }), text.length - f.number.int({ max: 2 })));
    const needles = [
      'a',
      'ab',
      'abc',
      'a b',
      '@',
      'a@b',
      'c.a',
      ' @',
      'é',
      '🚀a',
      'zz',
      'b c a',
      '.',
      '  ',
      'a  b',
      ...pieces,
    ];
    const some = Uint32Array.from({ length: (n + 31) >>> 5 }, () => f.number.int({ min: 0, max: 0xffffffff }));
    // No row past the last, as the facet index never sets one.
    if (n % 32 !== 0) some[some.length - 1] &= (1 << (n % 32)) - 1;
    for (const needle of needles) {
      const expected = texts.flatMap((text, i) => (text.includes(needle) ? [i] : []));
      const set = new Uint32Array((n + 31) >>> 5);
      expect(terms.applyTerm(needle, set, true)).toBe(true);
      expect(rowsOf(set, n), needle).toEqual(expected);
      // Narrowing a given set keeps just the matching rows of it.
      const narrowed = some.slice();
      expect(terms.applyTerm(needle, narrowed, false)).toBe(true);
      const inSome = new Set(rowsOf(some, n));
      expect(rowsOf(narrowed, n), `${needle} narrowing`).toEqual(expected.filter((i) => inSome.has(i)));
    }
  });

  it('finds a needle running over whole values of the fields between its ends', async () => {
    const rows = [
      ['ann', 'lee', 'acme ventures'],
      ['ann', 'leem', 'acme ventures'],
      ['jo ann', 'lee', 'acme'],
      ['ann', '', 'lee acme'],
    ];
    const terms = await build(rows);
    const match = (needle: string) => {
      const set = new Uint32Array(1);
      terms.applyTerm(needle, set, true);
      return rowsOf(set, rows.length);
    };
    expect(match('nn lee acme')).toEqual([0, 2]);
    expect(match('ann lee')).toEqual([0, 1, 2]);
    expect(match('ann  lee')).toEqual([3]);
    expect(match('lee acme v')).toEqual([0]);
  });

  it("finds a needle over an e-mail's '@', in values with no '@' or with several", async () => {
    const rows = [
      ['ann', 'ann@acme.com', 'york'],
      ['ann', 'ann', 'york'],
      ['bo', 'x@y@acme.com', 'york'],
      ['bo', '@acme.com', 'new york'],
      ['ann', 'nn@x', 'york'],
    ];
    const terms = await build(rows);
    const match = (needle: string) => {
      const set = new Uint32Array(1);
      terms.applyTerm(needle, set, true);
      return rowsOf(set, rows.length);
    };
    expect(match('ann ann')).toEqual([0, 1]);
    expect(match('ann ann york')).toEqual([1]);
    expect(match('n@')).toEqual([0, 4]);
    expect(match('y@acme.com york')).toEqual([2]);
    expect(match('x@y@')).toEqual([2]);
    expect(match('bo @acme')).toEqual([3]);
    expect(match('@acme.com new')).toEqual([3]);
    expect(match('ann nn@x york')).toEqual([4]);
    expect(match('com york')).toEqual([0, 2]);
  });

  it('leaves a needle of very many words to the database, its bitset untouched', async () => {
    const rows = Array.from({ length: 100 }, () => ['a b c d e f', 'a b c d e f', 'a b c d e f']);
    const terms = await build(rows);
    const needle = Array.from({ length: 40 }, () => 'a b c d e f').join(' ');
    const set = Uint32Array.of(0x12345678, 0x9abcdef0, 0x0fedcba9, 0x7);
    expect(terms.applyTerm(needle, set, false)).toBe(false);
    expect([...set]).toEqual([0x12345678, 0x9abcdef0, 0x0fedcba9, 0x7]);
    // A few words are matched here, across fields.
    const few = new Uint32Array(4);
    expect(terms.applyTerm('e f a b c d e f a', few, true)).toBe(true);
    expect(rowsOf(few, 100)).toHaveLength(100);
  });
});
