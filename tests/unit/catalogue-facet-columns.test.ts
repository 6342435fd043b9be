// Each filterable column must select exactly the rows holding one of the asked values, whether it keeps
// a bitset per value (few values) or codes and postings (many), setting the bitset or narrowing one,
// for rare values (read from postings) and common ones (a pass over the codes).
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { investorCatalogue } from '../../src/server/modules/catalogue/catalogues.js';
import type { Facet } from '../../src/server/modules/catalogue/catalogues.js';
import { FacetColumnBuilder } from '../../src/server/modules/catalogue/facet-columns.js';

const f = new Faker({ locale: base, seed: 23 });
const facet = (key: string): Facet => investorCatalogue.facets.find((x) => x.searchKey === key)!;

function rowsOf(bits: Uint32Array, n: number): number[] {
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if ((bits[i >>> 5] & (1 << (i & 31))) !== 0) rows.push(i);
  return rows;
}

/** Checks `column` against `holds` for selections drawn from `pool` (commonest first), alone and narrowing. */
function check(
  n: number,
  column: ReturnType<FacetColumnBuilder['finish']>,
  pool: string[],
  holds: (row: number, values: string[]) => boolean,
) {
  const words = (n + 31) >>> 5;
  for (let round = 0; round < 40; round++) {
    // Every fourth round the first values of the pool, the commonest: a selection of many rows.
    const values = round % 4 === 0 ? pool.slice(0, 30) : f.helpers.arrayElements(pool, { min: 1, max: 3 });
    const expected = Array.from({ length: n }, (_, i) => i).filter((i) => holds(i, values));
    const set = new Uint32Array(words);
    const any = column.apply(values, set, true);
    expect(rowsOf(set, n), values.join()).toEqual(any ? expected : []);
    const some = Uint32Array.from({ length: words }, () => f.number.int({ min: 0, max: 0xffffffff }));
    if (n % 32 !== 0) some[words - 1] &= (1 << (n % 32)) - 1;
    const inSome = new Set(rowsOf(some, n));
    const narrowed = some.slice();
    if (column.apply(values, narrowed, false)) {
      expect(rowsOf(narrowed, n)).toEqual(expected.filter((i) => inSome.has(i)));
    } else {
      expect(expected).toEqual([]);
    }
  }
}

describe('facet columns', () => {
  it.each([
    ['bitmaps', 40],
    ['codes and postings', 600],
  ])('selects a text value by %s', (_, distinct) => {
    const n = 5000;
    // A skewed spread: a few values hold most rows, most values a handful.
    const pool = Array.from({ length: distinct as number }, (_, i) => `city ${i}`);
    const values = Array.from({ length: n }, () => pool[Math.floor((distinct as number) * f.number.float() ** 3)]);
    const builder = new FacetColumnBuilder(facet('cities'), n);
    values.forEach((value, row) => builder.store(row, value));
    const column = builder.finish();
    expect(new Set(column.valuesInUse())).toEqual(new Set(values));
    check(n, column, [...pool, 'nowhere'], (row, asked) => asked.includes(values[row]));
  });

  it('selects a list value by its bitset', () => {
    const stages = facet('stages');
    if (stages.match !== 'overlaps') throw new Error('stages is a list filter');
    const n = 3000;
    const lists = Array.from({ length: n }, () => f.helpers.arrayElements([...stages.vocabulary], { min: 0, max: 3 }));
    const builder = new FacetColumnBuilder(stages, n);
    lists.forEach((list, row) =>
      builder.store(
        row,
        list.reduce((mask, v) => mask | (1 << stages.vocabulary.indexOf(v)), 0),
      ),
    );
    check(n, builder.finish(), [...stages.vocabulary], (row, asked) => lists[row].some((v) => asked.includes(v)));
  });

  it('selects a range bucket by its bitset, a missing value in none', () => {
    const assets = facet('assets_under_management');
    if (assets.match !== 'range') throw new Error('assets is a range filter');
    const n = 3000;
    // width_bucket's answer: 0 below the first edge, null for a missing value, else 1-based.
    const buckets = Array.from({ length: n }, () =>
      f.helpers.arrayElement([null, 0, ...assets.ladder.map((_, i) => i + 1)]),
    );
    const builder = new FacetColumnBuilder(assets, n);
    buckets.forEach((bucket, row) => builder.store(row, bucket));
    const column = builder.finish();
    check(
      n,
      column,
      assets.ladder.map((b) => b.value),
      (row, asked) => {
        const bucket = buckets[row];
        return bucket !== null && bucket > 0 && asked.includes(assets.ladder[bucket - 1].value);
      },
    );
  });
});
