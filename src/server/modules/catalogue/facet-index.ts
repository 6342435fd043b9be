// An in-memory index of the filterable columns of one catalogue version: every row as a few small
// numbers (a code per text value, a bit mask per list, a bucket per number). A filter-only search
// becomes one pass over typed arrays that yields the exact total and the ids of the asked page, in a
// few milliseconds at a million rows, where SQL needs hundreds to count. Beside them the lower-cased
// search fields of every row as dictionaries of distinct values (search-terms.ts), so a search term is
// counted in memory as well.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Catalogue, Facet, RangeFacet } from './catalogues.js';
import { queryRows } from '../../db/query-rows.js';
import { popcount, wordsFor } from './bitset.js';
import { buildPostings, forEachRow, postingCount, type Postings } from './postings.js';
import type { FacetSelection, SearchFilter } from './search-sql.js';
import { type SearchTerms, SearchTermsBuilder } from './search-terms.js';
import { readCatalogueVersion } from './version.js';

/** Rows read per statement: small enough that reading one (and storing it) holds the event loop only
 * briefly, so the searches answered by SQL meanwhile are not kept waiting. */
const CHUNK = 10_000;
/** Bucket number of a missing value (or one below the first edge): matches no range. */
const NO_BUCKET = 255;

interface EqualsColumn {
  match: 'equals';
  dictionary: Map<string, number>;
  codes: Uint32Array;
  /** Each value's rows, made once the column is filled: a rare value (a city) is read from them. */
  postings?: Postings;
}
interface OverlapsColumn {
  match: 'overlaps';
  bits: Map<string, number>;
  masks: Uint32Array;
}
interface RangeColumn {
  match: 'range';
  buckets: Uint8Array;
}
type FacetColumn = EqualsColumn | OverlapsColumn | RangeColumn;

/** The SQL expression that reads a facet as the index stores it. */
function facetExpression(facet: Facet): SQL {
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

function emptyColumn(facet: Facet, size: number): FacetColumn {
  switch (facet.match) {
    case 'equals':
      return { match: 'equals', dictionary: new Map(), codes: new Uint32Array(size) };
    case 'overlaps': {
      if (facet.vocabulary.length > 32) throw new Error(`${facet.searchKey}: more than 32 values do not fit a mask`);
      return {
        match: 'overlaps',
        bits: new Map(facet.vocabulary.map((v, i) => [v, 1 << i])),
        masks: new Uint32Array(size),
      };
    }
    case 'range':
      return { match: 'range', buckets: new Uint8Array(size) };
  }
}

function store(column: FacetColumn, i: number, value: unknown) {
  switch (column.match) {
    case 'equals': {
      const text = String(value);
      let code = column.dictionary.get(text);
      if (code === undefined) {
        code = column.dictionary.size;
        column.dictionary.set(text, code);
      }
      column.codes[i] = code;
      return;
    }
    case 'overlaps':
      column.masks[i] = Number(value);
      return;
    case 'range':
      // width_bucket answers 1 for the first bucket, 0 below it, NULL for a missing value.
      column.buckets[i] = value === null || Number(value) === 0 ? NO_BUCKET : Number(value) - 1;
  }
}

export interface FacetMatch {
  total: number;
  /** Ids of the matching rows from `start` on, at most `limit` of them, ascending. */
  ids: number[];
}

export class FacetIndex {
  private readonly scratch: Uint32Array;

  private constructor(
    readonly version: number,
    private readonly ids: Int32Array,
    private readonly columns: Map<string, FacetColumn>,
    private readonly text: SearchTerms,
  ) {
    this.scratch = new Uint32Array(wordsFor(ids.length));
  }

  get size(): number {
    return this.ids.length;
  }

  /** About the bytes the search text takes (dictionaries, their offsets and filters, row codes). */
  get textSize(): number {
    return this.text.size;
  }

  /**
   * Reads the catalogue in id order, in chunks. No change may commit meanwhile: every change bumps the
   * version in its own transaction (a trigger), so an unchanged version before and after proves a
   * consistent read.
   * Answers null when the catalogue changed during the build.
   */
  static async build(db: Db, catalogue: Catalogue): Promise<FacetIndex | null> {
    const version = await readCatalogueVersion(db);
    const [{ n }] = await queryRows(db, sql`SELECT count(*)::int AS n FROM ${catalogue.table}`);
    const size = Number(n);
    const ids = new Int32Array(size);
    const columns = new Map(catalogue.facets.map((f) => [f.searchKey, emptyColumn(f, size)]));
    const text = new SearchTermsBuilder(catalogue.searchFields, size);
    const select = sql.join(
      [
        sql`${catalogue.id} AS id`,
        // search_text itself is not read: it is these fields, lower-cased and joined by spaces.
        ...catalogue.searchFields.map((f, k) => sql`lower(${sql.identifier(f.name)}) AS ${sql.raw(`s${k}`)}`),
        ...catalogue.facets.map((f, k) => sql`${facetExpression(f)} AS ${sql.raw(`f${k}`)}`),
      ],
      sql`, `,
    );
    let filled = 0;
    let lastId = 0;
    while (filled < size) {
      const rows = await queryRows(
        db,
        sql`SELECT ${select} FROM ${catalogue.table} WHERE ${catalogue.id} > ${lastId} ORDER BY ${catalogue.id} LIMIT ${CHUNK}`,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        if (filled === size) return null;
        ids[filled] = Number(row.id);
        catalogue.facets.forEach((facet, k) => store(columns.get(facet.searchKey)!, filled, row[`f${k}`]));
        text.add(catalogue.searchFields.map((_, k) => String(row[`s${k}`])));
        filled++;
      }
      lastId = ids[filled - 1];
    }
    if (filled !== size || (await readCatalogueVersion(db)) !== version) return null;
    for (const column of columns.values()) {
      if (column.match === 'equals') column.postings = buildPostings(column.codes, column.dictionary.size);
    }
    return new FacetIndex(version, ids, columns, text.finish());
  }

  /** The values a text or list filter holds in this version, in no particular order. */
  valuesInUse(facet: Facet): string[] {
    const column = this.columns.get(facet.searchKey)!;
    if (column.match === 'equals') return [...column.dictionary.keys()];
    if (column.match === 'overlaps') {
      let used = 0;
      for (const mask of column.masks) used |= mask;
      return [...column.bits.entries()].filter(([, bit]) => (used & bit) !== 0).map(([value]) => value);
    }
    throw new Error(`${facet.searchKey} is a range filter`);
  }

  /** Whether each bucket of a range filter's ladder holds a row in this version. */
  bucketsInUse(facet: RangeFacet): boolean[] {
    const column = this.columns.get(facet.searchKey)!;
    if (column.match !== 'range') throw new Error(`${facet.searchKey} is not a range filter`);
    const used = new Uint8Array(256);
    for (const bucket of column.buckets) used[bucket] = 1;
    return facet.ladder.map((_, i) => used[i] === 1);
  }

  /**
   * ANDs the rows one selection matches into `into`, a bitset over row positions (or sets it, for the
   * first selection). Rows are read 32 at a time into one word; words already empty are skipped.
   * Answers false when the selection can match nothing.
   */
  private applySelection({ facet, values }: FacetSelection, into: Uint32Array, first: boolean): boolean {
    const column = this.columns.get(facet.searchKey)!;
    const n = this.ids.length;
    const words = into.length;
    if (column.match === 'equals' && this.fromPostings(column, values, into, first)) return true;
    switch (column.match) {
      case 'equals':
      case 'range': {
        let wanted: Uint8Array;
        let codes: Uint32Array | Uint8Array;
        if (column.match === 'equals') {
          wanted = new Uint8Array(column.dictionary.size);
          for (const v of values) {
            const code = column.dictionary.get(v);
            if (code !== undefined) wanted[code] = 1;
          }
          codes = column.codes;
        } else {
          const ladder = (facet as RangeFacet).ladder;
          wanted = new Uint8Array(256);
          for (const v of values) wanted[ladder.findIndex((b) => b.value === v)] = 1;
          codes = column.buckets;
        }
        if (!wanted.includes(1)) return false;
        for (let w = 0; w < words; w++) {
          if (!first && into[w] === 0) continue;
          const end = Math.min((w + 1) << 5, n);
          let word = 0;
          for (let i = w << 5, b = 0; i < end; i++, b++) word |= wanted[codes[i]] << b;
          into[w] = first ? word : into[w] & word;
        }
        return true;
      }
      case 'overlaps': {
        const mask = values.reduce((m, v) => m | (column.bits.get(v) ?? 0), 0);
        if (mask === 0) return false;
        const masks = column.masks;
        for (let w = 0; w < words; w++) {
          if (!first && into[w] === 0) continue;
          const end = Math.min((w + 1) << 5, n);
          let word = 0;
          for (let i = w << 5, b = 0; i < end; i++, b++) {
            // Branch-free "shares a bit": (x | -x) has its sign bit set exactly when x is not 0.
            const x = masks[i] & mask;
            word |= ((x | -x) >>> 31) << b;
          }
          into[w] = first ? word : into[w] & word;
        }
        return true;
      }
    }
  }

  /**
   * Applies an equals selection from its values' postings when they hold few rows (under one in eight),
   * where a pass would read every row's code; answers false, having done nothing, otherwise. Answers
   * true for values none of which is in use: no row matches.
   */
  private fromPostings(column: EqualsColumn, values: string[], into: Uint32Array, first: boolean): boolean {
    const wanted = new Uint32Array(wordsFor(column.dictionary.size));
    for (const v of values) {
      const code = column.dictionary.get(v);
      if (code !== undefined) wanted[code >>> 5] |= 1 << (code & 31);
    }
    const postings = column.postings!;
    if (postingCount(postings, wanted, this.ids.length / 8) * 8 >= this.ids.length) return false;
    const rows = first ? into.fill(0) : new Uint32Array(into.length);
    forEachRow(postings, wanted, (row) => {
      rows[row >>> 5] |= 1 << (row & 31);
    });
    if (!first) for (let w = 0; w < into.length; w++) into[w] &= rows[w];
    return true;
  }

  /**
   * Counts the rows the filter matches and picks one window of ids. A filter with a term needs the
   * term lower-cased by the database (`needle`), so that case is folded exactly as in search_text.
   * Answers null for a term too costly to match here (one of many words: search-terms.ts).
   */
  match(filter: SearchFilter, start: number, limit: number, needle?: string): FacetMatch | null {
    if ((filter.term === undefined) !== (needle === undefined)) {
      throw new Error('A search term is matched by its lower-cased needle, and a needle needs a term');
    }
    const n = this.ids.length;
    if (filter.selections.length === 0 && needle === undefined) {
      return { total: n, ids: Array.from(this.ids.subarray(Math.min(start, n), Math.min(start + limit, n))) };
    }
    // OR within a selection is in its bits; AND across selections is applied word by word. match() never
    // awaits, so one scratch bitset per index serves every request.
    const matched = this.scratch;
    for (const [k, selection] of filter.selections.entries()) {
      if (!this.applySelection(selection, matched, k === 0)) return { total: 0, ids: [] };
    }
    // The term goes last: it is the costly test, and only rows the selections kept are tested.
    if (needle !== undefined && !this.text.applyTerm(needle, matched, filter.selections.length === 0)) return null;
    let total = 0;
    const ids: number[] = [];
    for (let w = 0; w < matched.length; w++) {
      const word = matched[w];
      if (word === 0) continue;
      const count = popcount(word);
      // Words before the window are only counted; the window's bits are read one by one.
      if (total + count > start && ids.length < limit) {
        for (let b = 0; b < 32; b++) {
          if ((word & (1 << b)) === 0) continue;
          const rank = total + popcount(word & ((1 << b) - 1));
          if (rank >= start && ids.length < limit) ids.push(this.ids[(w << 5) + b]);
        }
      }
      total += count;
    }
    return { total, ids };
  }
}
