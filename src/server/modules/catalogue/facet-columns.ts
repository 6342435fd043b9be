// The filterable columns of the facet index, each filled row by row as the catalogue is read and then
// kept the way a selection is fastest read:
// - a column of few distinct values (a country, a stage, a bucket of a range: at most BITMAP_VALUES)
//   keeps one bitset of rows per value, so a selection is an OR of a few bitsets and, after the first
//   selection, an AND: a word of 32 rows at a time, never a row at a time;
// - a text column of many distinct values (a large import's cities) keeps a code per row and each
//   value's rows (postings): a selection of rare values reads just their rows, a common one a pass.
import { type SQL, sql } from 'drizzle-orm';
import type { Facet } from './catalogues.js';
import { bitmapsOf, scratch, wordsFor } from './bitset.js';
import { buildPostings, forEachRow, postingCount, type Postings } from './postings.js';

/** Most distinct values a column keeps a bitset of rows for: 128 bitsets take 16 MB at a million rows. */
const BITMAP_VALUES = 128;
/** Bucket number of a missing value (or one below the first edge): matches no range. */
const NO_BUCKET = 255;

export interface FacetColumn {
  /**
   * ANDs the rows holding any of `values` into `into`, a bitset over row positions, or sets it when
   * `first`. Answers false when no row can hold them.
   */
  apply(values: readonly string[], into: Uint32Array, first: boolean): boolean;
  /** A test of one row position: whether its row holds any of `values`; null when no row can. */
  rowTest(values: readonly string[]): ((row: number) => boolean) | null;
  /**
   * The values (a range filter: its buckets' values) some row holds, in no particular order; rows set in
   * `excluded` (a bitset over row positions) are left out.
   */
  valuesInUse(excluded?: Uint32Array): string[];
  /** About the bytes held. */
  readonly size: number;
}

/** The SQL expression that reads a facet as its column stores it. */
export function facetExpression(facet: Facet): SQL {
  switch (facet.match) {
    case 'equals':
      return sql`${facet.column}`;
    case 'overlaps':
      // Bit i stands for the vocabulary's i-th value; 20 values fit a 32-bit mask.
      return sql`(SELECT coalesce(bit_or(1 << (array_position(${sql.param([...facet.vocabulary])}::text[], v) - 1)), 0)
                  FROM unnest(${facet.column}) AS v WHERE array_position(${sql.param([...facet.vocabulary])}::text[], v) IS NOT NULL)`;
    case 'range':
      return sql`width_bucket(${facet.column}::float8, ${sql.param(facet.ladder.map((b) => b.lo))}::float8[])`;
  }
}

class BitmapColumn implements FacetColumn {
  constructor(
    /** Each value's position in `bitmaps`. */
    private readonly positions: ReadonlyMap<string, number>,
    private readonly bitmaps: Uint32Array[],
  ) {}

  get size(): number {
    return this.bitmaps.reduce((sum, bitmap) => sum + bitmap.byteLength, 0);
  }

  private picked(values: readonly string[]): Uint32Array[] {
    const picked: Uint32Array[] = [];
    for (const value of values) {
      const position = this.positions.get(value);
      if (position !== undefined) picked.push(this.bitmaps[position]);
    }
    return picked;
  }

  rowTest(values: readonly string[]): ((row: number) => boolean) | null {
    const picked = this.picked(values);
    if (picked.length === 0) return null;
    return (row) => {
      const w = row >>> 5;
      const bit = 1 << (row & 31);
      for (const bitmap of picked) if ((bitmap[w] & bit) !== 0) return true;
      return false;
    };
  }

  apply(values: readonly string[], into: Uint32Array, first: boolean): boolean {
    const picked = this.picked(values);
    if (picked.length === 0) return false;
    for (let w = 0; w < into.length; w++) {
      if (!first && into[w] === 0) continue;
      let word = 0;
      for (const bitmap of picked) word |= bitmap[w];
      into[w] = first ? word : into[w] & word;
    }
    return true;
  }

  valuesInUse(excluded?: Uint32Array): string[] {
    return [...this.positions]
      .filter(([, position]) => this.bitmaps[position].some((word, w) => (excluded ? word & ~excluded[w] : word) !== 0))
      .map(([value]) => value);
  }
}

class CodedColumn implements FacetColumn {
  private readonly postings: Postings;

  constructor(
    private readonly dictionary: ReadonlyMap<string, number>,
    private readonly codes: Uint32Array,
  ) {
    this.postings = buildPostings(codes, dictionary.size);
  }

  get size(): number {
    return this.codes.byteLength + this.postings.starts.byteLength + this.postings.rows.byteLength;
  }

  /** The codes of `values` as a bitset over codes, or null when no row holds any. */
  private wanted(values: readonly string[]): Uint32Array | null {
    const wanted = scratch.take(wordsFor(this.dictionary.size));
    for (const value of values) {
      const code = this.dictionary.get(value);
      if (code !== undefined) wanted[code >>> 5] |= 1 << (code & 31);
    }
    return wanted.some((word) => word !== 0) ? wanted : null;
  }

  rowTest(values: readonly string[]): ((row: number) => boolean) | null {
    const wanted = this.wanted(values);
    const codes = this.codes;
    return wanted && ((row) => (wanted[codes[row] >>> 5] & (1 << (codes[row] & 31))) !== 0);
  }

  /** From the values' postings when they hold under one row in eight, else by one pass over the codes. */
  apply(values: readonly string[], into: Uint32Array, first: boolean): boolean {
    const wanted = this.wanted(values);
    if (wanted === null) return false;
    const n = this.codes.length;
    if (postingCount(this.postings, wanted, n / 8) * 8 < n) {
      const rows = first ? into.fill(0) : scratch.take(into.length);
      forEachRow(this.postings, wanted, (row) => {
        rows[row >>> 5] |= 1 << (row & 31);
      });
      if (!first) for (let w = 0; w < into.length; w++) into[w] &= rows[w];
      return true;
    }
    const codes = this.codes;
    for (let w = 0; w < into.length; w++) {
      if (!first && into[w] === 0) continue;
      const end = Math.min((w + 1) << 5, n);
      let word = 0;
      for (let i = w << 5, b = 0; i < end; i++, b++) word |= ((wanted[codes[i] >>> 5] >>> (codes[i] & 31)) & 1) << b;
      into[w] = first ? word : into[w] & word;
    }
    return true;
  }

  valuesInUse(excluded?: Uint32Array): string[] {
    if (!excluded) return [...this.dictionary.keys()];
    const { starts, rows } = this.postings;
    return [...this.dictionary].filter(([, code]) => {
      for (let p = starts[code]; p < starts[code + 1]; p++) if ((excluded[rows[p] >>> 5] & (1 << (rows[p] & 31))) === 0) return true;
      return false;
    }).map(([value]) => value);
  }
}

/** Collects one facet's value of every row, in row order, then makes its column. */
export class FacetColumnBuilder {
  /** equals: each row's code in `dictionary`; overlaps: each row's mask; range: each row's bucket. */
  private readonly slots: Uint32Array | Uint8Array;
  private readonly dictionary = new Map<string, number>();

  constructor(
    private readonly facet: Facet,
    size: number,
  ) {
    if (facet.match === 'overlaps' && facet.vocabulary.length > 32) {
      throw new Error(`${facet.searchKey}: more than 32 values do not fit a mask`);
    }
    this.slots = facet.match === 'range' ? new Uint8Array(size) : new Uint32Array(size);
  }

  /** Stores row `row`'s value, as facetExpression reads it. */
  store(row: number, value: unknown): void {
    switch (this.facet.match) {
      case 'equals': {
        const text = String(value);
        let code = this.dictionary.get(text);
        if (code === undefined) {
          code = this.dictionary.size;
          this.dictionary.set(text, code);
        }
        this.slots[row] = code;
        return;
      }
      case 'overlaps':
        this.slots[row] = Number(value);
        return;
      case 'range':
        // width_bucket answers 1 for the first bucket, 0 below it, NULL for a missing value.
        this.slots[row] = value === null || Number(value) === 0 ? NO_BUCKET : Number(value) - 1;
    }
  }

  finish(): FacetColumn {
    const facet = this.facet;
    switch (facet.match) {
      case 'equals':
        return this.dictionary.size <= BITMAP_VALUES
          ? new BitmapColumn(this.dictionary, bitmapsOf(this.slots, this.dictionary.size))
          : new CodedColumn(this.dictionary, this.slots as Uint32Array);
      case 'overlaps': {
        const bitmaps = facet.vocabulary.map(() => new Uint32Array(wordsFor(this.slots.length)));
        this.slots.forEach((mask, row) => {
          for (let rest = mask; rest !== 0; rest &= rest - 1) {
            bitmaps[31 - Math.clz32(rest & -rest)][row >>> 5] |= 1 << (row & 31);
          }
        });
        return new BitmapColumn(new Map(facet.vocabulary.map((value, i) => [value, i])), bitmaps);
      }
      case 'range':
        return new BitmapColumn(
          new Map(facet.ladder.map((bucket, i) => [bucket.value, i])),
          bitmapsOf(this.slots, facet.ladder.length),
        );
    }
  }
}
