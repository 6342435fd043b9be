// The rows of a SearchTextColumn holding a pattern of one to three characters — the separator before
// and after each row counting as a character, so that a piece at a row's start or end, or as its
// whole, is a pattern too — kept as a bitset for each such pattern that many rows hold. A short
// pattern gives the trigram filter little or nothing to use, and a common one occurs all over: finding
// it stops at every occurrence (at a million investors, 10 ms for "er" and 4 ms for "son" in the 7 MB
// of the e-mails' parts before the '@'). Its bitset answers at once. A pattern few rows hold is
// scanned for, as cheaply as its few occurrences allow; so is a pattern of two or three characters
// with one past ASCII.
import { wordsFor } from './bitset.js';
import { nextTurn } from './next-turn.js';

/** Code units below this are ASCII: the characters whose pairs and triples are kept. */
export const ASCII = 128;
const PAIRS = 65536;
const TRIPLES = PAIRS + ASCII * ASCII;
const KEYS = TRIPLES + ASCII * ASCII * ASCII;

/** Characters a column holds before its short patterns are kept: a scan of less takes microseconds. */
const SHORT_PATTERNS_FROM = 1 << 16;

/** Rows whose patterns are set between two turns of the event loop, as an index is built. */
const ROWS_PER_TURN = 20_000;

/**
 * A pattern (or, in search-terms.ts, a character's rows) is kept when at least one row in this many
 * holds it: its bitset then takes no more memory than a list of its rows would.
 */
export const DENSE = 32;

/** The key of a pattern: a UTF-16 code unit, or two or three ASCII ones (the separator being 0); -1 when none. */
function keyOf(pattern: string): number {
  const a = pattern.charCodeAt(0);
  const b = pattern.charCodeAt(1);
  const c = pattern.charCodeAt(2);
  switch (pattern.length) {
    case 1:
      return a;
    case 2:
      return a < ASCII && b < ASCII ? PAIRS + a * ASCII + b : -1;
    case 3:
      return a < ASCII && b < ASCII && c < ASCII ? TRIPLES + (a * ASCII + b) * ASCII + c : -1;
    default:
      return -1;
  }
}

/**
 * Writes the key of every short pattern of one row's text, separators around it included, into `keys`
 * (room for three a character and three more); answers how many.
 */
function patternsOf(text: string, keys: Int32Array): number {
  let n = 0;
  // The two characters before, with the separator before the row; -1: none, or past ASCII.
  let before = -1;
  let last = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 0;
    if (i < text.length) keys[n++] = c;
    const ascii = c < ASCII ? c : -1;
    if (last !== -1 && ascii !== -1) {
      keys[n++] = PAIRS + last * ASCII + ascii;
      if (before !== -1) keys[n++] = TRIPLES + (before * ASCII + last) * ASCII + ascii;
    }
    before = last;
    last = ascii;
  }
  return n;
}

export class ShortPatterns {
  constructor(private readonly kept: Map<number, Uint32Array>) {}

  /** About the bytes held. */
  get size(): number {
    let bytes = 0;
    for (const bits of this.kept.values()) bytes += bits.byteLength;
    return bytes;
  }

  /** The rows holding `pattern`, or undefined when it is not kept. */
  rows(pattern: string): Uint32Array | undefined {
    return this.kept.get(keyOf(pattern));
  }
}

/** Collects the rows, then counts their short patterns and keeps the bitsets of the common ones. */
export class ShortPatternsBuilder {
  private readonly texts: string[] = [];
  private characters = 0;

  /** `from`: the characters the rows must hold in all for any pattern to be kept. */
  constructor(private readonly from = SHORT_PATTERNS_FROM) {}

  add(text: string): void {
    this.texts.push(text);
    this.characters += text.length;
  }

  /**
   * Counts every pattern's occurrences (a pattern twice in a row counts twice), then sets the bitsets
   * of the common ones row by row, yielding the event loop now and then.
   */
  async finish(): Promise<ShortPatterns> {
    const { texts } = this;
    const kept = new Map<number, Uint32Array>();
    if (this.characters >= this.from) {
      let keys = new Int32Array(0);
      /** The keys of row `row`'s patterns: keys[0 … n). */
      const keysOf = (row: number) => {
        const text = texts[row];
        if (keys.length < 3 * (text.length + 1)) keys = new Int32Array(6 * (text.length + 1));
        return patternsOf(text, keys);
      };
      const counts = new Uint32Array(KEYS);
      for (let row = 0; row < texts.length; row++) {
        for (let i = 0, n = keysOf(row); i < n; i++) counts[keys[i]]++;
        if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
      }
      const words = wordsFor(texts.length);
      const bitsets: Uint32Array[] = [];
      // Each count becomes its pattern's place in `bitsets` plus one, or 0 when it is not kept.
      const slots = counts;
      for (let key = 0; key < KEYS; key++) {
        const count = counts[key];
        slots[key] = 0;
        if (count * DENSE < texts.length) continue;
        const bits = new Uint32Array(words);
        kept.set(key, bits);
        slots[key] = bitsets.push(bits);
      }
      await nextTurn();
      for (let row = 0; row < texts.length; row++) {
        const bit = 1 << (row & 31);
        const word = row >>> 5;
        for (let i = 0, n = keysOf(row); i < n; i++) {
          const slot = slots[keys[i]];
          if (slot !== 0) bitsets[slot - 1][word] |= bit;
        }
        if ((row + 1) % ROWS_PER_TURN === 0) await nextTurn();
      }
    }
    texts.length = 0;
    return new ShortPatterns(kept);
  }
}
