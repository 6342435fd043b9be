// The lower-cased search_text of every row of one catalogue version, kept beside the facet index so
// that a search term is answered from memory, exactly as `search_text LIKE lower('%term%')` would.
// Rows are held in blocks: one string per block with the rows joined by NUL, which PostgreSQL text
// can never hold, so no match can run from one row into the next; and each row's offset in its
// block. At a million rows of about 90 characters this is one byte per character plus 4 per row.

/** Rows per block: a multiple of 32, so a block covers whole words of a row bitset. */
const BLOCK_ROWS = 1 << 16;
const SEPARATOR = '\u0000';

export class SearchTextColumn {
  constructor(
    private readonly blocks: string[],
    /** Where each row starts in its block. */
    private readonly starts: Int32Array,
    private readonly blockRows: number,
  ) {}

  /** Characters held plus the offsets' bytes: about the memory the column takes (ASCII text). */
  get size(): number {
    return this.blocks.reduce((sum, block) => sum + block.length, 0) + this.starts.byteLength;
  }

  /**
   * ANDs the rows whose text contains `needle` (already lower-cased as the database lower-cases) into
   * `into`, a bitset over row positions, or sets it when `first`. Only rows still set are looked at.
   * Within a block the next occurrence of the needle is found once and kept: every row before it is
   * known not to match, so a block's text is read at most once however many rows are looked at.
   */
  applyTerm(needle: string, into: Uint32Array, first: boolean): void {
    const n = this.starts.length;
    if (needle.includes(SEPARATOR)) {
      into.fill(0);
      return;
    }
    for (let b = 0; b < this.blocks.length; b++) {
      const text = this.blocks[b];
      const firstRow = b * this.blockRows;
      const endRow = Math.min(n, firstRow + this.blockRows);
      /** The next occurrence at or after the last place searched; Infinity once there is none. */
      let hit = -1;
      for (let w = firstRow >>> 5, wordRow = firstRow; wordRow < endRow; w++, wordRow += 32) {
        const rows = Math.min(32, endRow - wordRow);
        let candidates = first ? (rows === 32 ? -1 : (1 << rows) - 1) : into[w];
        if (candidates === 0) continue;
        const wordEnd = wordRow + rows < endRow ? this.starts[wordRow + rows] : text.length;
        if (hit >= wordEnd) {
          into[w] = 0;
          continue;
        }
        let word = 0;
        while (candidates !== 0) {
          const bit = 31 - Math.clz32(candidates & -candidates);
          candidates &= candidates - 1;
          const row = wordRow + bit;
          const start = this.starts[row];
          if (hit < start) {
            const found = text.indexOf(needle, start);
            hit = found === -1 ? Infinity : found;
          }
          const end = row + 1 < endRow ? this.starts[row + 1] - 1 : text.length;
          if (hit < end) word |= 1 << bit;
        }
        into[w] = word;
      }
    }
  }
}

/** Collects the rows in order, closing a block every `blockRows` rows. */
export class SearchTextBuilder {
  private readonly blocks: string[] = [];
  private readonly starts: Int32Array;
  private pending: string[] = [];
  private offset = 0;
  private row = 0;

  constructor(
    size: number,
    private readonly blockRows = BLOCK_ROWS,
  ) {
    if (blockRows <= 0 || blockRows % 32 !== 0) throw new Error(`${blockRows} rows per block is not a multiple of 32`);
    this.starts = new Int32Array(size);
  }

  add(text: string): void {
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
    return new SearchTextColumn(this.blocks, this.starts, this.blockRows);
  }
}
