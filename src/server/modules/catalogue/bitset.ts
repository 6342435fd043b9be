// Sets of row positions (or dictionary codes) as bitsets: bit i of word i >>> 5 stands for position i.

/** Words a bitset over `n` positions takes. */
export function wordsFor(n: number): number {
  return (n + 31) >>> 5;
}

/** Set bits in a 32-bit word (the classic parallel count). */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Set bits in a whole bitset. */
export function countSet(bits: Uint32Array): number {
  let count = 0;
  // Indexed, not for…of: the typed array's iterator made this 4× slower (Node 20).
  for (let w = 0; w < bits.length; w++) count += popcount(bits[w]);
  return count;
}

/** Sets every position below `n`, and none past it. */
export function fillAll(bits: Uint32Array, n: number): void {
  bits.fill(0xffffffff);
  const tail = n & 31;
  if (tail !== 0) bits[bits.length - 1] = (1 << tail) - 1;
}

/** Sets `into` to `bits` when `first`, else ANDs `bits` into it. */
export function setOrAnd(into: Uint32Array, bits: Uint32Array, first: boolean): void {
  if (first) into.set(bits);
  else for (let w = 0; w < into.length; w++) into[w] &= bits[w];
}

/** One bitset of rows per position below `count`, from each row's position (any other: in none). */
export function bitmapsOf(positions: ArrayLike<number>, count: number): Uint32Array[] {
  const bitmaps = Array.from({ length: count }, () => new Uint32Array(wordsFor(positions.length)));
  for (let row = 0; row < positions.length; row++) {
    const position = positions[row];
    if (position < count) bitmaps[position][row >>> 5] |= 1 << (row & 31);
  }
  return bitmaps;
}

/** Bitsets of one length kept for reuse; more are dropped when given back. */
const KEPT_PER_LENGTH = 32;

/**
 * Bitsets reused from one search to the next. Each search takes what it needs (a row bitset is 125 kB
 * at a million rows) and the search gives them all back as it ends: fresh ones on every search make
 * the garbage collector stop the world far more often, which shows in the slowest searches.
 * A bitset taken is valid until the next release(): never keep one.
 */
export class BitsetArena {
  private readonly free = new Map<number, Uint32Array[]>();
  private readonly taken: Uint32Array[] = [];

  /** A zeroed bitset of `words` words. */
  take(words: number): Uint32Array {
    const bits = this.free.get(words)?.pop()?.fill(0) ?? new Uint32Array(words);
    this.taken.push(bits);
    return bits;
  }

  /** Gives back every bitset taken since the last release. */
  release(): void {
    for (const bits of this.taken) {
      let kept = this.free.get(bits.length);
      if (!kept) this.free.set(bits.length, (kept = []));
      if (kept.length < KEPT_PER_LENGTH) kept.push(bits);
    }
    this.taken.length = 0;
  }
}

/** The one arena searches take their bitsets from: a search never awaits, so they never overlap. */
export const scratch = new BitsetArena();
