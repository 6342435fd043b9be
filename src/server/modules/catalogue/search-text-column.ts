// Many lower-cased texts ("rows": here the distinct values of one search field, search-field.ts), held
// so that the ones holding a piece of a search term — anywhere, at their start, at their end, or as the
// whole text — are found as `LIKE lower('%piece%')` (or 'piece%', '%piece', 'piece') would find them.
// Rows are held in blocks: one string per block, every row preceded and followed by NUL, which
// PostgreSQL text can never hold. So no match can run from one row into the next, and a piece at a
// row's start, at its end or as its whole is itself a substring: NUL + piece, piece + NUL, NUL + piece
// + NUL. Each row's offset in its block: one byte per character plus 4 per row.
//
// A scan is driven by the matches: the next occurrence is searched from the start of the row after
// the last one found, so the text is read once and rows without the piece cost a step of a pointer.
// A piece of one to three characters (counting the separators of a start or an end) that many rows
// hold is answered from its bitset (short-patterns.ts).
// A rare piece would still cost a read of all the text, so a coarse trigram filter comes first: for
// each of GRAM_BUCKETS hashed trigrams, one bit per group of 32 rows (a word of the row bitset) that
// holds it somewhere. Only groups holding every trigram of the piece are read (16 MB at a million rows).
// And one bit per UTF-16 code unit held anywhere (8 kB): a term with a character no row has matches
// nothing, whatever its length.

import { setOrAnd } from './bitset.js';
import { type ShortPatterns, ShortPatternsBuilder } from './short-patterns.js';

/** Where in a row's text a piece must sit. */
export type Place = 'anywhere' | 'start' | 'end' | 'whole';

/** Rows per block: a multiple of 32, so a block covers whole words of a row bitset. */
const BLOCK_ROWS = 1 << 16;
const SEPARATOR = '\u0000';
const GRAM_BITS = 12;
const GRAM_BUCKETS = 1 << GRAM_BITS;

/** The bucket of the trigram at `i` (UTF-16 code units, as the text is searched). */
function gramBucket(text: string, i: number): number {
  const h =
    Math.imul(text.charCodeAt(i), 0x9e3779b1) ^
    Math.imul(text.charCodeAt(i + 1), 0x85ebca6b) ^
    Math.imul(text.charCodeAt(i + 2), 0xc2b2ae35);
  return Math.imul(h ^ (h >>> 15), 0x27d4eb2f) >>> (32 - GRAM_BITS);
}

/** What to search the blocks for, so that each occurrence is a row holding the piece at `place`. */
function patternFor(piece: string, place: Place): string {
  switch (place) {
    case 'anywhere':
      return piece;
    case 'start':
      return SEPARATOR + piece;
    case 'end':
      return piece + SEPARATOR;
    case 'whole':
      return SEPARATOR + piece + SEPARATOR;
  }
}

export class SearchTextColumn {
  constructor(
    private readonly blocks: string[],
    /** Where each row starts in its block (after the separator before it). */
    private readonly starts: Int32Array,
    private readonly blockRows: number,
    /** Bucket-major: bucket k's bits over row groups are grams[k * groupWords …]. */
    private readonly grams: Uint32Array,
    private readonly groupWords: number,
    /** Bit c is set when code unit c occurs in some row. */
    private readonly units: Uint32Array,
    private readonly short: ShortPatterns,
  ) {
    this.length = blocks.reduce((sum, block) => sum + block.length, 0);
  }

  /** The characters of all blocks, separators included: what a scan of every row reads. */
  readonly length: number;

  /** Characters held plus the offsets' and trigram filter's bytes: about the memory it takes (ASCII text). */
  get size(): number {
    return this.length + this.starts.byteLength + this.grams.byteLength + this.units.byteLength + this.short.size;
  }

  get rows(): number {
    return this.starts.length;
  }

  /** About the characters finding `piece` at `place` in every row reads: none when its bitset is kept. */
  scanCost(piece: string, place: Place): number {
    return this.short.rows(patternFor(piece, place)) === undefined ? this.length : 0;
  }

  /** Where row `row` ends in its block: at the separator after it. */
  private endOf(row: number): number {
    return row + 1 === this.starts.length || (row + 1) % this.blockRows === 0
      ? this.blocks[Math.floor(row / this.blockRows)].length - 1
      : this.starts[row + 1] - 1;
  }

  /** Row `row`'s text. */
  textOf(row: number): string {
    return this.blocks[Math.floor(row / this.blockRows)].slice(this.starts[row], this.endOf(row));
  }

  /** Whether row `row` holds `piece` at `place`, read in place. */
  holds(row: number, piece: string, place: Place): boolean {
    const text = this.blocks[Math.floor(row / this.blockRows)];
    const start = this.starts[row];
    const end = this.endOf(row);
    switch (place) {
      case 'anywhere':
        return piece.length <= end - start && text.slice(start, end).includes(piece);
      case 'start':
        return piece.length <= end - start && text.startsWith(piece, start);
      case 'end':
        return piece.length <= end - start && text.startsWith(piece, end - piece.length);
      case 'whole':
        return piece.length === end - start && text.startsWith(piece, start);
    }
  }

  private holdsEvery(piece: string): boolean {
    for (let i = 0; i < piece.length; i++) {
      const c = piece.charCodeAt(i);
      if ((this.units[c >>> 5] & (1 << (c & 31))) === 0) return false;
    }
    return true;
  }

  /** The row groups that may hold `piece`: those holding all its trigrams; null when it has none. */
  private groupsWith(piece: string): Uint32Array | null {
    if (piece.length < 3) return null;
    const groups = new Uint32Array(this.groupWords).fill(0xffffffff);
    for (let i = 0; i + 2 < piece.length; i++) {
      const from = gramBucket(piece, i) * this.groupWords;
      for (let k = 0; k < this.groupWords; k++) groups[k] &= this.grams[from + k];
    }
    return groups;
  }

  /**
   * ANDs the rows holding `piece` (already lower-cased as the database lower-cases) at `place` into
   * `into`, a bitset over row positions, or sets it when `first`. Only rows still set, in groups the
   * trigram filter lets through, are looked at.
   */
  applyTerm(piece: string, into: Uint32Array, first: boolean, place: Place = 'anywhere'): void {
    if (piece.includes(SEPARATOR) || !this.holdsEvery(piece)) {
      into.fill(0);
      return;
    }
    const pattern = patternFor(piece, place);
    const rows = this.short.rows(pattern);
    if (rows !== undefined) {
      setOrAnd(into, rows, first);
      return;
    }
    const groups = this.groupsWith(piece);
    const candidate = (w: number) =>
      (groups === null || (groups[w >>> 5] & (1 << (w & 31))) !== 0) && (first || into[w] !== 0);
    const words = into.length;
    const blockWords = this.blockRows >>> 5;
    for (let w = 0; w < words; ) {
      if (!candidate(w)) {
        into[w] = 0;
        w++;
        continue;
      }
      const blockEnd = Math.min(words, (Math.floor(w / blockWords) + 1) * blockWords);
      let end = w + 1;
      while (end < blockEnd && candidate(end)) end++;
      this.matchRun(pattern, place === 'start' || place === 'whole' ? 1 : 0, into, first, w, end);
      w = end;
    }
  }

  /**
   * Matches the rows of words [fromWord, toWord), all in one block, on one slice of its text (from the
   * separator before its first row to the one after its last). Each occurrence of the pattern marks
   * its row, and the next is searched from the row after it: `lead` is where the piece starts in the
   * pattern, so the row is the one holding that character.
   */
  private matchRun(pattern: string, lead: number, into: Uint32Array, first: boolean, fromWord: number, toWord: number) {
    const starts = this.starts;
    const block = Math.floor((fromWord << 5) / this.blockRows);
    const text = this.blocks[block];
    const blockEndRow = Math.min(starts.length, (block + 1) * this.blockRows);
    const runEndRow = Math.min(blockEndRow, toWord << 5);
    const from = starts[fromWord << 5] - 1;
    const piece = text.slice(from, runEndRow < blockEndRow ? starts[runEndRow] : text.length);
    let row = fromWord << 5;
    let w = fromWord;
    let word = 0;
    for (let at = piece.indexOf(pattern); at !== -1; ) {
      const position = from + at + lead;
      while (row + 1 < runEndRow && starts[row + 1] <= position) row++;
      if (row >>> 5 !== w) {
        into[w] = first ? word : word & into[w];
        while (++w < row >>> 5) into[w] = 0;
        word = 0;
      }
      word |= 1 << (row & 31);
      if (++row === runEndRow) break;
      // From the separator before the next row: a pattern may start with it.
      at = piece.indexOf(pattern, starts[row] - 1 - from);
    }
    into[w] = first ? word : word & into[w];
    while (++w < toWord) into[w] = 0;
  }
}

/** Collects the rows in order, closing a block every `blockRows` rows. */
export class SearchTextBuilder {
  private readonly blocks: string[] = [];
  private readonly starts: Int32Array;
  private readonly grams: Uint32Array;
  private readonly units = new Uint32Array(65536 / 32);
  private readonly short: ShortPatternsBuilder;
  private readonly groupWords: number;
  private pending: string[] = [];
  /** Where the next row starts in its block: after the separator before it. */
  private offset = 1;
  private row = 0;

  /** `shortPatternsFrom`: the characters of text from which common short patterns are kept as bitsets. */
  constructor(
    size: number,
    private readonly blockRows = BLOCK_ROWS,
    shortPatternsFrom?: number,
  ) {
    this.short = new ShortPatternsBuilder(shortPatternsFrom);
    if (blockRows <= 0 || blockRows % 32 !== 0) throw new Error(`${blockRows} rows per block is not a multiple of 32`);
    this.starts = new Int32Array(size);
    this.groupWords = (((size + 31) >>> 5) + 31) >>> 5;
    this.grams = new Uint32Array(GRAM_BUCKETS * this.groupWords);
  }

  add(text: string): void {
    const group = this.row >>> 5;
    const slot = group >>> 5;
    const bit = 1 << (group & 31);
    for (let i = 0; i + 2 < text.length; i++) this.grams[gramBucket(text, i) * this.groupWords + slot] |= bit;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      this.units[c >>> 5] |= 1 << (c & 31);
    }
    this.short.add(text);
    this.starts[this.row++] = this.offset;
    this.offset += text.length + 1;
    this.pending.push(text);
    if (this.pending.length === this.blockRows) this.closeBlock();
  }

  private closeBlock() {
    // join() makes one flat string, so searching it never flattens a rope first.
    this.blocks.push(['', ...this.pending, ''].join(SEPARATOR));
    this.pending = [];
    this.offset = 1;
  }

  async finish(): Promise<SearchTextColumn> {
    if (this.row !== this.starts.length) throw new Error(`${this.row} of ${this.starts.length} rows were added`);
    if (this.pending.length > 0) this.closeBlock();
    const short = await this.short.finish();
    return new SearchTextColumn(
      this.blocks,
      this.starts,
      this.blockRows,
      this.grams,
      this.groupWords,
      this.units,
      short,
    );
  }
}
