// One search field of a catalogue in memory, for search-terms.ts: which rows' values hold a piece of
// a needle somewhere, at their start, at their end, or as the whole value.
//
// A field keeps a dictionary of its distinct values (a SearchTextColumn: their text behind a trigram
// filter), each row's code in it, and each value's rows (postings). A piece is matched once against
// the dictionary; the rows of the matching values are then read from the postings when they are few,
// else by a pass over the candidates' codes.
//
// An e-mail is nearly unique, but its part before the '@' and, above all, its part after repeat a
// great deal: a split field keeps the two parts as two such columns, and answers for the whole value
// from them (a value without the split character is both parts, and is marked).
import { bitmapsOf, countSet, fillAll, popcount, scratch, wordsFor } from './bitset.js';
import { nextTurn } from './next-turn.js';
import { buildPostings, postingCount, type Postings } from './postings.js';
import { type Place, SearchTextBuilder, type SearchTextColumn } from './search-text-column.js';

export type { Place };

/** Most distinct values a field keeps a bitset of rows for (a title: 19 at a million rows, 2.4 MB). */
const BITMAP_VALUES = 32;

/**
 * Characters of a dictionary scanned in the time one row's own value is tested: that reads the row's
 * code, its value's offset and its text, each a miss of the cache in a large dictionary (about 400 ns
 * a row against 0.6–1.1 ns a character measured in an e-mail's part before the '@' at a million rows).
 */
const ONE_BY_ONE_COST = 400;

// What reading the rows of the matching values costs each way, in nanoseconds (the fastest of 7 runs at
// a million rows, 2 shared cores): a posting (its row tested and set, wherever it falls) 5–7 ns, 10–16 in
// the 491,000 e-mails' parts before the '@', whose values hold a row or two each; a pass over the codes
// of the candidates not found yet 7 ns a row besides 11 ns a word of the bitset, and never more than
// 3 ns a row of the catalogue, when every code is read in order.
const POSTING_COST = 7;
const CODE_WORD_COST = 11;
const CODE_LEFT_COST = 7;
const CODE_ROW_COST = 3;

/** Distinct values added to a dictionary between two turns of the event loop, as an index is built. */
const VALUES_PER_TURN = 20_000;

export interface SearchField {
  /** The length of the longest value. */
  readonly longest: number;
  /** How many distinct values a piece is matched against. */
  readonly distinct: number;
  /** About the bytes held. */
  readonly size: number;
  /**
   * Adds to `found` the rows of `candidates` not yet in it whose value holds `piece` at `place`;
   * answers how many. `left`, about how many candidates are not yet found, chooses how rows are read.
   */
  addRows(piece: string, place: Place, candidates: Uint32Array, found: Uint32Array, left: number): number;
  /** The value of the row at position `row`, as the database lower-cased it. */
  valueOf(row: number): string;
  /** Each distinct value with its rows, ascending (a split field's parts, each part's values). */
  distinctValues(): Iterable<[string, Uint32Array]>;
}

/** Adds every candidate not yet found to `found`; answers how many. */
function addAll(candidates: Uint32Array, found: Uint32Array): number {
  let added = 0;
  for (let w = 0; w < candidates.length; w++) {
    const word = candidates[w] & ~found[w];
    found[w] |= word;
    added += popcount(word);
  }
  return added;
}

/**
 * Adds the candidates not yet found that are set in any of `bitmaps`, or with `none`, in none of them;
 * answers how many.
 */
function addFromBitmaps(bitmaps: Uint32Array[], none: boolean, candidates: Uint32Array, found: Uint32Array): number {
  const flip = none ? -1 : 0;
  let added = 0;
  for (let w = 0; w < candidates.length; w++) {
    const rest = candidates[w] & ~found[w];
    if (rest === 0) continue;
    let word = 0;
    for (const bitmap of bitmaps) word |= bitmap[w];
    word = (word ^ flip) & rest;
    found[w] |= word;
    added += popcount(word);
  }
  return added;
}

/** The distinct values of one text over all rows, each row's code and each value's rows. */
class ValueColumn implements SearchField {
  constructor(
    private readonly values: SearchTextColumn,
    /** Each row's code: the position of its value in `values`. */
    private readonly codes: Uint16Array | Uint32Array,
    private readonly postings: Postings,
    readonly longest: number,
    /** For a field of few values (a title), each value's rows as a bitset. */
    private readonly bitmaps: Uint32Array[] | null,
  ) {}

  get distinct(): number {
    return this.values.rows;
  }

  valueOf(row: number): string {
    return this.values.textOf(this.codes[row]);
  }

  *distinctValues(): Iterable<[string, Uint32Array]> {
    const { starts, rows } = this.postings;
    for (let code = 0; code < this.distinct; code++) {
      yield [this.values.textOf(code), rows.subarray(starts[code], starts[code + 1])];
    }
  }

  get size(): number {
    const bitmaps = this.bitmaps?.reduce((sum, bitmap) => sum + bitmap.byteLength, 0) ?? 0;
    return (
      this.values.size +
      this.codes.byteLength +
      this.postings.starts.byteLength +
      this.postings.rows.byteLength +
      bitmaps
    );
  }

  /**
   * Few candidates against the text a scan of the dictionary reads: each one's own value is tested.
   * Else the piece is matched against the dictionary, and the rows of the matching values are read from
   * the values' bitsets when the field keeps them (those of the values that do not match, when fewer),
   * else from their postings when reading them costs less than a pass over the codes of the candidates
   * not found yet, else by that pass.
   */
  addRows(piece: string, place: Place, candidates: Uint32Array, found: Uint32Array, left: number): number {
    if (piece === '' && place !== 'whole') return addAll(candidates, found);
    if (left * ONE_BY_ONE_COST < this.values.scanCost(piece, place))
      return this.addOneByOne(piece, place, candidates, found);
    const wanted = this.valuesWhere(piece, place);
    if (wanted === null) return 0;
    if (this.bitmaps !== null) {
      const picked = this.bitmaps.filter((_, code) => (wanted[code >>> 5] & (1 << (code & 31))) !== 0);
      const none = picked.length * 2 > this.bitmaps.length;
      const read = none ? this.bitmaps.filter((bitmap) => !picked.includes(bitmap)) : picked;
      if (read.length * candidates.length < left) return addFromBitmaps(read, none, candidates, found);
    }
    const codesCost = Math.min(
      CODE_ROW_COST * this.codes.length,
      CODE_WORD_COST * candidates.length + CODE_LEFT_COST * left,
    );
    return postingCount(this.postings, wanted, codesCost / POSTING_COST) * POSTING_COST < codesCost
      ? this.addFromPostings(wanted, candidates, found)
      : this.addFromCodes(wanted, candidates, found);
  }

  private addOneByOne(piece: string, place: Place, candidates: Uint32Array, found: Uint32Array): number {
    let added = 0;
    for (let w = 0; w < candidates.length; w++) {
      let rest = candidates[w] & ~found[w];
      while (rest !== 0) {
        const bit = 31 - Math.clz32(rest & -rest);
        rest &= rest - 1;
        if (this.values.holds(this.codes[(w << 5) + bit], piece, place)) {
          found[w] |= 1 << bit;
          added++;
        }
      }
    }
    return added;
  }

  /** The codes of the values holding `piece` at `place`, as a bitset; null when there are none. */
  private valuesWhere(piece: string, place: Place): Uint32Array | null {
    if (piece.length > this.longest) return null;
    const wanted = scratch.take(wordsFor(this.values.rows));
    if (piece === '' && place !== 'whole') fillAll(wanted, this.values.rows);
    else this.values.applyTerm(piece, wanted, true, place);
    let any = 0;
    for (let w = 0; w < wanted.length; w++) any |= wanted[w];
    return any === 0 ? null : wanted;
  }

  // postings.ts's forEachRow, written out: this is the hottest loop of a term search, and a callback
  // shared by several call sites is not inlined.
  private addFromPostings(wanted: Uint32Array, candidates: Uint32Array, found: Uint32Array): number {
    const { starts, rows } = this.postings;
    let added = 0;
    for (let word = 0; word < wanted.length; word++) {
      for (let bits = wanted[word]; bits !== 0; bits &= bits - 1) {
        const v = (word << 5) + 31 - Math.clz32(bits & -bits);
        for (let p = starts[v], end = starts[v + 1]; p < end; p++) {
          // Without a branch: whether a row is new is as good as random, and a mispredicted branch
          // costs more than the few operations that stand for it.
          const row = rows[p];
          const w = row >>> 5;
          const shift = row & 31;
          const fresh = ((candidates[w] & ~found[w]) >>> shift) & 1;
          found[w] |= fresh << shift;
          added += fresh;
        }
      }
    }
    return added;
  }

  private addFromCodes(wanted: Uint32Array, candidates: Uint32Array, found: Uint32Array): number {
    const codes = this.codes;
    const rows = codes.length;
    let added = 0;
    for (let w = 0; w < candidates.length; w++) {
      let rest = candidates[w] & ~found[w];
      if (rest === 0) continue;
      let word = 0;
      const base = w << 5;
      if (popcount(rest) > 8) {
        // Many rows to look at: reading all 32 codes beats picking the bits one by one.
        const end = Math.min(32, rows - base);
        for (let b = 0; b < end; b++) {
          const code = codes[base + b];
          word |= ((wanted[code >>> 5] >>> (code & 31)) & 1) << b;
        }
        word &= rest;
      } else {
        while (rest !== 0) {
          const bit = 31 - Math.clz32(rest & -rest);
          rest &= rest - 1;
          const code = codes[base + bit];
          if ((wanted[code >>> 5] & (1 << (code & 31))) !== 0) word |= 1 << bit;
        }
      }
      found[w] |= word;
      added += popcount(word);
    }
    return added;
  }
}

/**
 * A field cut at the first `at` of each value (an e-mail at its '@') into the part before and the part
 * after. The part before holds no `at`, so a piece's first `at` that falls in the value's first part
 * sits exactly at the cut. A value without `at` is stored as both parts and marked `uncut`.
 */
class SplitField implements SearchField {
  constructor(
    private readonly at: string,
    private readonly before: ValueColumn,
    private readonly after: ValueColumn,
    private readonly uncut: Uint32Array,
  ) {}

  get longest(): number {
    return this.before.longest + 1 + this.after.longest;
  }

  get distinct(): number {
    return this.before.distinct + this.after.distinct;
  }

  valueOf(row: number): string {
    const before = this.before.valueOf(row);
    return (this.uncut[row >>> 5] & (1 << (row & 31))) !== 0 ? before : before + this.at + this.after.valueOf(row);
  }

  get size(): number {
    return this.before.size + this.after.size + this.uncut.byteLength;
  }

  *distinctValues(): Iterable<[string, Uint32Array]> {
    yield* this.before.distinctValues();
    yield* this.after.distinctValues();
  }

  addRows(piece: string, place: Place, candidates: Uint32Array, found: Uint32Array, left: number): number {
    const cut = piece.indexOf(this.at);
    if (cut === -1) {
      switch (place) {
        case 'anywhere': {
          const added = this.before.addRows(piece, place, candidates, found, left);
          return added + this.after.addRows(piece, place, candidates, found, left - added);
        }
        case 'start':
          return this.before.addRows(piece, place, candidates, found, left);
        case 'end':
          return this.after.addRows(piece, place, candidates, found, left);
        case 'whole':
          return this.before.addRows(piece, place, this.within(candidates, true), found, left);
      }
    }
    const head = piece.slice(0, cut);
    const tail = piece.slice(cut + 1);
    switch (place) {
      case 'anywhere': {
        // Inside the part after, or from the end of the part before over the cut.
        const added = this.after.addRows(piece, place, candidates, found, left);
        return added + this.acrossCut(head, 'end', tail, 'start', candidates, found);
      }
      case 'start':
        return this.acrossCut(head, 'whole', tail, 'start', candidates, found);
      case 'end': {
        const added = this.after.addRows(piece, place, candidates, found, left);
        return added + this.acrossCut(head, 'end', tail, 'whole', candidates, found);
      }
      case 'whole':
        return this.acrossCut(head, 'whole', tail, 'whole', candidates, found);
    }
  }

  /** The candidates whose value is `uncut` (holds no split character), or is cut. */
  private within(candidates: Uint32Array, uncut: boolean): Uint32Array {
    const mask = uncut ? 0 : -1;
    const within = scratch.take(candidates.length);
    for (let w = 0; w < candidates.length; w++) within[w] = candidates[w] & (this.uncut[w] ^ mask);
    return within;
  }

  /** Adds the cut values whose part before holds `head` at one place and part after `tail` at another. */
  private acrossCut(
    head: string,
    headPlace: Place,
    tail: string,
    tailPlace: Place,
    candidates: Uint32Array,
    found: Uint32Array,
  ): number {
    const cut = this.within(candidates, false);
    for (let w = 0; w < cut.length; w++) cut[w] &= ~found[w];
    const heads = scratch.take(cut.length);
    const headRows = this.before.addRows(head, headPlace, cut, heads, countSet(cut));
    if (headRows === 0) return 0;
    return this.after.addRows(tail, tailPlace, heads, found, headRows);
  }
}

/** Collects one text per row, then makes its ValueColumn. */
class ValueColumnBuilder {
  private readonly dictionary = new Map<string, number>();
  private readonly codes: Uint32Array;
  private row = 0;

  constructor(size: number) {
    this.codes = new Uint32Array(size);
  }

  add(value: string): void {
    let code = this.dictionary.get(value);
    if (code === undefined) {
      code = this.dictionary.size;
      this.dictionary.set(value, code);
    }
    this.codes[this.row++] = code;
  }

  async finish(): Promise<ValueColumn> {
    const { dictionary } = this;
    const values = new SearchTextBuilder(dictionary.size);
    let longest = 0;
    let added = 0;
    // A Map keeps insertion order, which is code order.
    for (const value of dictionary.keys()) {
      values.add(value);
      longest = Math.max(longest, value.length);
      if (++added % VALUES_PER_TURN === 0) await nextTurn();
    }
    const text = await values.finish();
    const codes = dictionary.size <= 0x10000 ? new Uint16Array(this.codes) : this.codes;
    await nextTurn();
    const postings = buildPostings(codes, dictionary.size);
    await nextTurn();
    const bitmaps = dictionary.size <= BITMAP_VALUES ? bitmapsOf(codes, dictionary.size) : null;
    return new ValueColumn(text, codes, postings, longest, bitmaps);
  }
}

/** Collects one field's value per row, in row order. */
export class SearchFieldBuilder {
  private readonly before: ValueColumnBuilder;
  private readonly after: ValueColumnBuilder | null;
  private readonly uncut: Uint32Array;
  private row = 0;

  /** `splitAt`: cut each value at the first of this character (an e-mail at its '@'). */
  constructor(
    size: number,
    private readonly splitAt?: string,
  ) {
    this.before = new ValueColumnBuilder(size);
    this.after = splitAt === undefined ? null : new ValueColumnBuilder(size);
    this.uncut = new Uint32Array(splitAt === undefined ? 0 : wordsFor(size));
  }

  add(value: string): void {
    if (this.after === null) {
      this.before.add(value);
    } else {
      const cut = value.indexOf(this.splitAt!);
      if (cut === -1) this.uncut[this.row >>> 5] |= 1 << (this.row & 31);
      this.before.add(cut === -1 ? value : value.slice(0, cut));
      this.after.add(cut === -1 ? value : value.slice(cut + 1));
    }
    this.row++;
  }

  async finish(): Promise<SearchField> {
    const before = await this.before.finish();
    return this.after === null ? before : new SplitField(this.splitAt!, before, await this.after.finish(), this.uncut);
  }
}
