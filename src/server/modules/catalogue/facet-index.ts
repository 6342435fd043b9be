// An in-memory index of the filterable columns of one catalogue version (facet-columns.ts: mostly a
// bitset of rows per value). A filter-only search becomes a few word-wise ORs and ANDs of bitsets that
// yield the exact total and the ids of the asked page, in a few milliseconds at a million rows, where
// SQL needs hundreds to count. Beside them the lower-cased
// search fields of every row as dictionaries of distinct values (search-terms.ts), so a search term is
// counted in memory as well, and the rows in the order they were added, for a saved search's new rows.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Catalogue, Facet, RangeFacet } from './catalogues.js';
import { queryRows, type Row } from '../../db/query-rows.js';
import { countSet, fillAll, popcount, scratch, wordsFor } from './bitset.js';
import { type FacetColumn, FacetColumnBuilder, facetExpression } from './facet-columns.js';
import type { SearchFilter } from './search-sql.js';
import { nextTurn } from './next-turn.js';
import { type SearchTerms, SearchTermsBuilder } from './search-terms.js';
import { type FitColumns, FitColumnsBuilder, fitColumnsSql, type ProfileScores, rankWindow } from './fit-ranking.js';
import { FIT_SORT, type FitProfile } from '../../../shared/fit.js';
import { readCatalogueVersion } from './version.js';
import { AddedOrder, epochMicrosSql } from './added-order.js';

/**
 * A window of added rows is read row by row when it holds under one row in ONE_BY_ONE: a test of a row
 * takes a few nanoseconds a filter, a pass over a filter's bits at a million rows some 100 µs.
 */
const ONE_BY_ONE = 16;
/** How a window of added rows is counted (tests set smaller ones, to take every way on a small catalogue). */
export interface CountTuning {
  /**
   * The newest rows keep their text whole (some 100 bytes each), the rows most often new to a saved search:
   * testing one is a substring search, some tens of nanoseconds.
   */
  recentTexts: number;
  /**
   * Up to this many older rows have their text tested one by one from their fields (a few hundred nanoseconds
   * a row, more as they scatter), more by the search text's dictionaries (a millisecond or more whatever the rows).
   */
  termOneByOne: number;
}

const TUNING: CountTuning = { recentTexts: 50_000, termOneByOne: 2_000 };

/** Rows read per statement: small enough that reading one (and storing it) holds the event loop only
 * briefly, so the searches answered by SQL meanwhile are not kept waiting. */
const CHUNK = 5_000;

export interface FacetMatch {
  total: number;
  /** Ids of the matching rows from `start` on, at most `limit` of them: ascending, or by fit when ranked. */
  ids: number[];
}

/** A search's use of the fit score: rows scoring below `min` are left out, and `byScore` ranks the rest. */
export interface FitQuery {
  profile: FitProfile;
  min: number;
  byScore: boolean;
}

/** What a search by fit without a startup profile is told (422). */
export const FIT_NEEDS_PROFILE = 'Set up your startup profile (PUT /api/v1/startup) to sort or filter by fit';

/** Whether a search's keys use the fit score: `sort=fit` or `min_fit`. */
export function usesFit(keys: { sort?: unknown; min_fit?: unknown }): boolean {
  return keys.sort === FIT_SORT || keys.min_fit !== undefined;
}

/** The fit a search's keys ask for against the profile: ranked by `sort=fit`, narrowed by `min_fit`. */
export function fitQueryOf(keys: { sort?: unknown; min_fit?: unknown }, profile: FitProfile): FitQuery {
  return { profile, min: Number(keys.min_fit ?? 0), byScore: keys.sort === FIT_SORT };
}

/** A catalogue's rows as a search reads them, of one version: a FacetIndex, or one with the changes since applied. */
export interface SearchIndex {
  readonly version: number;
  match(filter: SearchFilter, start: number, limit: number, needle?: string, fit?: FitQuery): FacetMatch | null;
  count(filter: SearchFilter, needle?: string, fit?: FitQuery): number | null;
  valuesInUse(facet: Facet): string[];
  bucketsInUse(facet: RangeFacet): boolean[];
}

/** The columns a build reads of each row, in SQL (a row's search fields lower-cased as in search_text). */
export function indexRowSelect(catalogue: Catalogue): SQL {
  return sql.join(
    [
      sql`${catalogue.id} AS id`,
      // search_text itself is not read: it is these fields, lower-cased and joined by spaces, a missing
      // one ('NaN') empty (schema.ts).
      ...catalogue.searchFields.map(
        (f, k) => sql`lower(coalesce(nullif(${sql.identifier(f.name)}, 'NaN'), '')) AS ${sql.raw(`s${k}`)}`,
      ),
      ...catalogue.facets.map((f, k) => sql`${facetExpression(f)} AS ${sql.raw(`f${k}`)}`),
      fitColumnsSql(catalogue),
      sql`${epochMicrosSql(catalogue.addedAt)} AS added`,
    ],
    sql`, `,
  );
}

/** Fills the parts of an index row by row (as indexRowSelect reads them, in id order), then makes it. */
class FacetIndexBuilder {
  readonly ids: Int32Array;
  private readonly columns: FacetColumnBuilder[];
  private readonly text: SearchTermsBuilder;
  private readonly fit: FitColumnsBuilder;
  private readonly added: Float64Array;
  filled = 0;

  constructor(
    private readonly catalogue: Catalogue,
    readonly size: number,
  ) {
    this.ids = new Int32Array(size);
    this.columns = catalogue.facets.map((facet) => new FacetColumnBuilder(facet, size));
    this.text = new SearchTermsBuilder(catalogue.searchFields, size);
    this.fit = new FitColumnsBuilder(catalogue, size);
    this.added = new Float64Array(size);
  }

  add(row: Row): void {
    const at = this.filled++;
    this.ids[at] = Number(row.id);
    this.columns.forEach((column, k) => column.store(at, row[`f${k}`]));
    this.text.add(this.catalogue.searchFields.map((_, k) => String(row[`s${k}`])));
    this.fit.store(at, row);
    this.added[at] = row.added === null ? NaN : Number(row.added);
  }

  async finish(version: number, tuning: CountTuning): Promise<FacetIndex> {
    const finished = new Map<string, FacetColumn>();
    for (const [k, facet] of this.catalogue.facets.entries()) {
      finished.set(facet.searchKey, this.columns[k].finish());
      await nextTurn();
    }
    const terms = await this.text.finish();
    const order = AddedOrder.of(this.added);
    const recentFrom = Math.max(0, order.rows.length - tuning.recentTexts);
    const recentTexts: string[] = [];
    for (let i = recentFrom; i < order.rows.length; i++) {
      recentTexts.push(terms.rowText(order.rows[i]));
      if (recentTexts.length % 10_000 === 0) await nextTurn();
    }
    return new FacetIndex(version, this.ids, finished, terms, this.fit.finish(), order, recentTexts, recentFrom, tuning.termOneByOne);
  }
}

export class FacetIndex implements SearchIndex {
  constructor(
    readonly version: number,
    /** Each row position's id, ascending. */
    readonly ids: Int32Array,
    private readonly columns: Map<string, FacetColumn>,
    private readonly text: SearchTerms,
    private readonly fit: FitColumns,
    private readonly added: AddedOrder,
    /** The text of the rows added last: of added.rows[recentFrom] on. */
    private readonly recentTexts: string[],
    private readonly recentFrom: number,
    private readonly termOneByOne: number,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  /** About the bytes the filter columns take (their bitsets, or codes and postings). */
  get filterSize(): number {
    return [...this.columns.values()].reduce((sum, column) => sum + column.size, 0);
  }

  /** About the bytes the rows' added times and the newest rows' texts take. */
  get addedSize(): number {
    return this.added.size + this.recentTexts.reduce((sum, text) => sum + text.length, 0);
  }

  /** About the bytes the fit score reads of every row (its masks and amounts, not the kept scores). */
  get fitSize(): number {
    return this.fit.size;
  }

  /** Every row's fit score against the profile (kept for its next searches). */
  fitScoresFor(profile: FitProfile): ProfileScores {
    return this.fit.scoresFor(profile);
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
  static async build(db: Db, catalogue: Catalogue, tuning: CountTuning = TUNING): Promise<FacetIndex | null> {
    const version = await readCatalogueVersion(db);
    const [{ n }] = await queryRows(db, sql`SELECT count(*)::int AS n FROM ${catalogue.table}`);
    const builder = new FacetIndexBuilder(catalogue, Number(n));
    const select = indexRowSelect(catalogue);
    let lastId = 0;
    while (builder.filled < builder.size) {
      const rows = await queryRows(
        db,
        sql`SELECT ${select} FROM ${catalogue.table} WHERE ${catalogue.id} > ${lastId} ORDER BY ${catalogue.id} LIMIT ${CHUNK}`,
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        if (builder.filled === builder.size) return null;
        builder.add(row);
      }
      lastId = builder.ids[builder.filled - 1];
    }
    if (builder.filled !== builder.size || (await readCatalogueVersion(db)) !== version) return null;
    return builder.finish(version, tuning);
  }

  /** The index of a few rows already read (indexRowSelect), in id order: the rows changed since a build. */
  static of(catalogue: Catalogue, version: number, rows: readonly Row[], tuning: CountTuning = TUNING): Promise<FacetIndex> {
    const builder = new FacetIndexBuilder(catalogue, rows.length);
    for (const row of rows) builder.add(row);
    return builder.finish(version, tuning);
  }

  /** The position of the row of `id`, or -1 when the index has no such row. */
  positionOf(id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.ids[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.ids.length && this.ids[lo] === id ? lo : -1;
  }

  /** The values a text or list filter holds in this version, in no particular order. */
  valuesInUse(facet: Facet, excluded?: Uint32Array): string[] {
    if (facet.match === 'range') throw new Error(`${facet.searchKey} is a range filter`);
    return this.columns.get(facet.searchKey)!.valuesInUse(excluded);
  }

  /** Whether each bucket of a range filter's ladder holds a row in this version. */
  bucketsInUse(facet: RangeFacet, excluded?: Uint32Array): boolean[] {
    const used = new Set(this.columns.get(facet.searchKey)!.valuesInUse(excluded));
    return facet.ladder.map((bucket) => used.has(bucket.value));
  }

  /**
   * Counts the rows the filter matches and picks one window of ids. A filter with a term needs the
   * term lower-cased by the database (`needle`), so that case is folded exactly as in search_text.
   * Answers null for a term too costly to match here (one of many words: search-terms.ts). Rows set in
   * `excluded` (a bitset over row positions: rows changed since the build) are left out.
   */
  match(filter: SearchFilter, start: number, limit: number, needle?: string, fit?: FitQuery, excluded?: Uint32Array): FacetMatch | null {
    if ((filter.term === undefined) !== (needle === undefined)) {
      throw new Error('A search term is matched by its lower-cased needle, and a needle needs a term');
    }
    const n = this.ids.length;
    const everyRow = filter.selections.length === 0 && needle === undefined && filter.added === undefined;
    if (everyRow && !fit && !excluded) {
      return { total: n, ids: Array.from(this.ids.subarray(Math.min(start, n), Math.min(start + limit, n))) };
    }
    // Every bitset the search takes from `scratch` goes back when it ends.
    try {
      const matched = everyRow && !excluded ? null : this.select(filter, needle, excluded);
      if (matched === undefined) return null;
      if (matched === 'none') return { total: 0, ids: [] };
      if (fit) {
        const scores = this.fit.scoresFor(fit.profile);
        return rankWindow(this.ids, scores, matched, { minScore: fit.min, byScore: fit.byScore, start, limit });
      }
      return this.window(matched!, start, limit);
    } finally {
      scratch.release();
    }
  }

  /**
   * The rows the filter keeps, as a bitset over row positions taken from `scratch` (the caller releases it),
   * rows set in `excluded` left out; 'none' when none can be, undefined for a term left to SQL.
   */
  select(filter: SearchFilter, needle?: string, excluded?: Uint32Array): Uint32Array | 'none' | undefined {
    const everyRow = filter.selections.length === 0 && needle === undefined && filter.added === undefined;
    let matched: Uint32Array | 'none' | undefined;
    if (everyRow) fillAll((matched = scratch.take(wordsFor(this.ids.length))), this.ids.length);
    else matched = this.matchRows(filter, needle);
    if (excluded && matched instanceof Uint32Array) for (let w = 0; w < matched.length; w++) matched[w] &= ~excluded[w];
    return matched;
  }

  /**
   * The rows the filter keeps as a bitset; 'none' when the window of added times or a selection keeps none,
   * undefined for a term left to SQL.
   */
  private matchRows(filter: SearchFilter, needle?: string): Uint32Array | 'none' | undefined {
    const matched = scratch.take(wordsFor(this.ids.length));
    let first = true;
    // New rows are few: marked first, they are all the later steps look at.
    if (filter.added !== undefined) {
      const { start, end } = this.added.range(filter.added);
      if (start === end) return 'none';
      for (const row of this.added.rows.subarray(start, end)) matched[row >>> 5] |= 1 << (row & 31);
      first = false;
    }
    // OR within a selection is in its bits; AND across selections is applied word by word.
    for (const selection of filter.selections) {
      if (!this.columns.get(selection.facet.searchKey)!.apply(selection.values, matched, first)) return 'none';
      first = false;
    }
    // The term goes last: it is the costly test, and only rows the selections kept are tested.
    if (needle !== undefined && !this.text.applyTerm(needle, matched, first)) return undefined;
    return matched;
  }

  /**
   * How many rows the filter keeps (with `fit`, how many of them score at least fit.min), rows set in
   * `excluded` left out; null for a term left to SQL. A window of added times holding few rows against the catalogue (a saved search's new rows)
   * is read row by row: it costs a test per new row and filter, not a pass over every row's bits.
   */
  count(filter: SearchFilter, needle?: string, fit?: FitQuery, excluded?: Uint32Array): number | null {
    const window = filter.added && this.added.range(filter.added);
    if (!window || (window.end - window.start) * ONE_BY_ONE > this.ids.length) {
      return this.match(filter, 0, 0, needle, fit && { ...fit, byScore: false }, excluded)?.total ?? null;
    }
    const order = this.added.rows;
    try {
      const tests: Array<(row: number) => boolean> = [];
      for (const selection of filter.selections) {
        const holds = this.columns.get(selection.facet.searchKey)!.rowTest(selection.values);
        if (!holds) return 0;
        tests.push(holds);
      }
      const min = fit?.min ?? 0;
      const scores = min > 0 ? this.fit.scoresFor(fit!.profile).scores : null;
      // Places in the added order of the rows the filters keep, ascending: the newest rows' texts are found by theirs.
      const places = new Int32Array(window.end - window.start);
      let count = 0;
      rows: for (let at = window.start; at < window.end; at++) {
        const row = order[at];
        if (excluded && (excluded[row >>> 5] & (1 << (row & 31))) !== 0) continue;
        for (const holds of tests) if (!holds(row)) continue rows;
        if (scores !== null && scores[row] < min) continue;
        places[count++] = at;
      }
      const kept = places.subarray(0, count);
      if (needle === undefined || count === 0) return count;
      if (kept[0] >= this.recentFrom) {
        return kept.filter((at) => this.recentTexts[at - this.recentFrom].includes(needle)).length;
      }
      if (kept.length <= this.termOneByOne) return kept.filter((at) => this.text.rowHolds(order[at], needle)).length;
      const matched = scratch.take(wordsFor(this.ids.length));
      for (const at of kept) matched[order[at] >>> 5] |= 1 << (order[at] & 31);
      return this.text.applyTerm(needle, matched, false) ? countSet(matched) : null;
    } finally {
      scratch.release();
    }
  }

  /** The total and one window of ids, ascending, of the rows set in `matched`. */
  private window(matched: Uint32Array, start: number, limit: number): FacetMatch {
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
