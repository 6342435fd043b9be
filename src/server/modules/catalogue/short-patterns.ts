// The rows of a SearchTextColumn holding a pattern of one or two characters — a character anywhere, or
// two in a row, the separator before and after each row counting as a character, so that one
// character at a row's start or end is a pair too — kept as a bitset for each such pattern that many
// rows hold. A short pattern has no trigram for the filter to use, and a common one occurs all over:
// finding it stops at every occurrence (10 ms for "er" in the 7 MB of the e-mails' parts before the
// '@' at a million investors). Its bitset answers at once. A pattern few rows hold is scanned for, as
// cheaply as its few occurrences allow; so is a pair with a character past ASCII.
import { wordsFor } from './bitset.js';

const ASCII = 128;
/** Characters a column holds before its short patterns are kept: a scan of less takes microseconds. */
export const SHORT_PATTERNS_FROM = 1 << 16;
/** A pattern is kept when at least one row in this many holds it: its bitset then takes no more
 * memory than a list of its rows would. */
const DENSE = 32;

const pairKey = (a: number, b: number) => a * ASCII + b;

export class ShortPatterns {
  constructor(
    /** By character code. */
    private readonly singles: Map<number, Uint32Array>,
    /** By pairKey of two ASCII codes, the separator being 0. */
    private readonly pairs: Map<number, Uint32Array>,
  ) {}

  /** About the bytes held. */
  get size(): number {
    let bytes = 0;
    for (const bits of [...this.singles.values(), ...this.pairs.values()]) bytes += bits.byteLength;
    return bytes;
  }

  /** The rows holding `pattern` (one or two characters), or undefined when it is not kept. */
  rows(pattern: string): Uint32Array | undefined {
    if (pattern.length === 1) return this.singles.get(pattern.charCodeAt(0));
    if (pattern.length !== 2) return undefined;
    const a = pattern.charCodeAt(0);
    const b = pattern.charCodeAt(1);
    return a < ASCII && b < ASCII ? this.pairs.get(pairKey(a, b)) : undefined;
  }
}

/** Counts the short patterns of each row as it is added, then keeps the bitsets of the common ones. */
export class ShortPatternsBuilder {
  private readonly singleCounts = new Uint32Array(65536);
  private readonly pairCounts = new Uint32Array(ASCII * ASCII);
  private characters = 0;
  private rows = 0;

  /** `from`: the characters the rows must hold in all for any pattern to be kept. */
  constructor(private readonly from = SHORT_PATTERNS_FROM) {}

  /** Counts the patterns of one row (occurrences, not rows: a pattern twice in a row counts twice). */
  add(text: string): void {
    let previous = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      this.singleCounts[c]++;
      if (previous < ASCII && c < ASCII) this.pairCounts[pairKey(previous, c)]++;
      previous = c;
    }
    if (previous < ASCII) this.pairCounts[pairKey(previous, 0)]++;
    this.characters += text.length;
    this.rows++;
  }

  /**
   * The bitsets of the common patterns, from the finished blocks: each a row's text between two
   * separators (rows [first + k] of the block at `first`, in `blockRows` steps).
   */
  finish(blocks: readonly string[], blockRows: number): ShortPatterns {
    const singles = new Map<number, Uint32Array>();
    const pairs = new Map<number, Uint32Array>();
    if (this.characters < this.from) return new ShortPatterns(singles, pairs);
    const words = wordsFor(this.rows);
    const keep = (counts: Uint32Array, into: Map<number, Uint32Array>) => {
      const byKey: (Uint32Array | undefined)[] = new Array(counts.length);
      counts.forEach((count, key) => {
        if (count * DENSE >= this.rows) into.set(key, (byKey[key] = new Uint32Array(words)));
      });
      return byKey;
    };
    const singleRows = keep(this.singleCounts, singles);
    const pairRows = keep(this.pairCounts, pairs);
    const mark = (bits: Uint32Array | undefined, row: number) => {
      if (bits !== undefined) bits[row >>> 5] |= 1 << (row & 31);
    };
    blocks.forEach((text, block) => {
      // The block's first character is the separator before its first row.
      let row = block * blockRows - 1;
      let previous = -1;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 0) mark(singleRows[c], row);
        if (previous !== -1 && previous < ASCII && c < ASCII) mark(pairRows[pairKey(previous, c)], row);
        if (c === 0) row++;
        previous = c;
      }
    });
    return new ShortPatterns(singles, pairs);
  }
}
