// Many lower-cased texts ("rows": here the distinct values of one search field, search-field.ts), held
// so that the ones containing a piece of a search term are found as `LIKE lower('%piece%')` would.
// Rows are held in blocks: one string per block with the rows joined by NUL, which PostgreSQL text
// can never hold, so no match can run from one row into the next; and each row's offset in its
// block: one byte per character plus 4 per row.
//
// A rare piece would still cost a read of all the text, so a coarse trigram filter comes first: for
// each of GRAM_BUCKETS hashed trigrams, one bit per group of 32 rows (a word of the row bitset) that
// holds it somewhere. Only groups holding every trigram of the piece are read (16 MB at a million rows).
// And one bit per UTF-16 code unit held anywhere (8 kB): a term with a character no row has matches
// nothing, whatever its length.

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

export class SearchTextColumn {
  constructor(
    private readonly blocks: string[],
    /** Where each row starts in its block. */
    private readonly starts: Int32Array,
    private readonly blockRows: number,
    /** Bucket-major: bucket k's bits over row groups are grams[k * groupWords …]. */
    private readonly grams: Uint32Array,
    private readonly groupWords: number,
    /** Bit c is set when code unit c occurs in some row. */
    private readonly units: Uint32Array,
  ) {}

  /** Characters held plus the offsets' and trigram filter's bytes: about the memory it takes (ASCII text). */
  get size(): number {
    return (
      this.blocks.reduce((sum, block) => sum + block.length, 0) +
      this.starts.byteLength +
      this.grams.byteLength +
      this.units.byteLength
    );
  }

  get rows(): number {
    return this.starts.length;
  }

  /** The text of row `row`. */
  textAt(row: number): string {
    const text = this.blocks[Math.floor(row / this.blockRows)];
    const last = row + 1 === this.starts.length || (row + 1) % this.blockRows === 0;
    return text.slice(this.starts[row], last ? text.length : this.starts[row + 1] - 1);
  }

  private holdsEvery(needle: string): boolean {
    for (let i = 0; i < needle.length; i++) {
      const c = needle.charCodeAt(i);
      if ((this.units[c >>> 5] & (1 << (c & 31))) === 0) return false;
    }
    return true;
  }

  /** The row groups that may hold `needle`: those holding all its trigrams; null when it has none. */
  private groupsWith(needle: string): Uint32Array | null {
    if (needle.length < 3) return null;
    const groups = new Uint32Array(this.groupWords).fill(0xffffffff);
    for (let i = 0; i + 2 < needle.length; i++) {
      const from = gramBucket(needle, i) * this.groupWords;
      for (let k = 0; k < this.groupWords; k++) groups[k] &= this.grams[from + k];
    }
    return groups;
  }

  /**
   * ANDs the rows whose text contains `needle` (already lower-cased as the database lower-cases) into
   * `into`, a bitset over row positions, or sets it when `first`. Only rows still set, in groups the
   * trigram filter lets through, are looked at.
   */
  applyTerm(needle: string, into: Uint32Array, first: boolean): void {
    if (needle.includes(SEPARATOR) || !this.holdsEvery(needle)) {
      into.fill(0);
      return;
    }
    const groups = this.groupsWith(needle);
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
      this.matchRun(needle, into, first, w, end);
      w = end;
    }
  }

  /**
   * Matches the rows of words [fromWord, toWord), all in one block, on one slice of its text. The next
   * occurrence of the needle is found once and kept: every row before it is known not to match, so the
   * slice is read at most once however many of its rows are looked at.
   */
  private matchRun(needle: string, into: Uint32Array, first: boolean, fromWord: number, toWord: number) {
    const n = this.starts.length;
    const block = Math.floor((fromWord << 5) / this.blockRows);
    const text = this.blocks[block];
    const blockEndRow = Math.min(n, (block + 1) * this.blockRows);
    const runStartRow = fromWord << 5;
    const runEndRow = Math.min(blockEndRow, toWord << 5);
    const base = this.starts[runStartRow];
    const piece = text.slice(base, runEndRow < blockEndRow ? this.starts[runEndRow] - 1 : text.length);
    /** Where row `row` of the run ends in the piece (its separator, or the piece's end). */
    const endOf = (row: number) => (row + 1 < runEndRow ? this.starts[row + 1] - 1 - base : piece.length);
    /** The next occurrence at or after the last place searched; Infinity once there is none. */
    let hit = -1;
    for (let w = fromWord, wordRow = runStartRow; w < toWord; w++, wordRow += 32) {
      const rows = Math.min(32, runEndRow - wordRow);
      if (hit >= endOf(wordRow + rows - 1)) {
        into[w] = 0;
        continue;
      }
      let candidates = first ? (rows === 32 ? -1 : (1 << rows) - 1) : into[w];
      let word = 0;
      while (candidates !== 0) {
        const bit = 31 - Math.clz32(candidates & -candidates);
        candidates &= candidates - 1;
        const row = wordRow + bit;
        const start = this.starts[row] - base;
        if (hit < start) {
          const found = piece.indexOf(needle, start);
          hit = found === -1 ? Infinity : found;
        }
        if (hit < endOf(row)) word |= 1 << bit;
      }
      into[w] = word;
    }
  }
}

/** Collects the rows in order, closing a block every `blockRows` rows. */
export class SearchTextBuilder {
  private readonly blocks: string[] = [];
  private readonly starts: Int32Array;
  private readonly grams: Uint32Array;
  private readonly units = new Uint32Array(65536 / 32);
  private readonly groupWords: number;
  private pending: string[] = [];
  private offset = 0;
  private row = 0;

  constructor(
    size: number,
    private readonly blockRows = BLOCK_ROWS,
  ) {
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
    this.starts[this.row++] = this.offset;
    this.offset += text.length + 1;
    this.pending.push(text);
    if (this.pending.length === this.blockRows) this.closeBlock();
  }

  private closeBlock() {
    // join() makes one flat string, so searching it never flattens a rope first.
    this.blocks.push(this.pending.join(SEPARATOR));
    this.pending = [];
    this.offset = 0;
  }

  finish(): SearchTextColumn {
    if (this.row !== this.starts.length) throw new Error(`${this.row} of ${this.starts.length} rows were added`);
    if (this.pending.length > 0) this.closeBlock();
    return new SearchTextColumn(this.blocks, this.starts, this.blockRows, this.grams, this.groupWords, this.units);
  }
}
