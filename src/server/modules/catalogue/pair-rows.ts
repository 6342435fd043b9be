// The rows whose search text holds each common pair of ASCII characters (neither a space nor a split
// field's cut, an e-mail's '@'; so a pair never runs from one field or part into the next): a term of
// two characters, the second key a founder types, is read from one bitset, and a longer term is first
// narrowed to the rows holding its rarest pairs, so that each field then reads fewer rows. Kept for a
// pair that one row in DENSE holds: at a million rows about 280 pairs, 32 MB.
import { countSet, wordsFor } from './bitset.js';
import { nextTurn } from './next-turn.js';
import type { SearchField } from './search-field.js';
import { ASCII, DENSE } from './short-patterns.js';

/** The pairs of a longer term whose rows narrow it: the rarest few, each an AND over the row bitset. */
const PAIRS_PER_TERM = 3;

/** Distinct values read between two turns of the event loop, as an index is built. */
const VALUES_PER_TURN = 20_000;

interface Kept {
  rows: Uint32Array;
  count: number;
}

/** The key of the pair at `i` of `text`, or -1 when no bitset can be kept for it. */
function pairAt(text: string, i: number, excluded: string): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  if (a >= ASCII || b >= ASCII || excluded.includes(text[i]) || excluded.includes(text[i + 1])) return -1;
  return a * ASCII + b;
}

export class PairRows {
  constructor(
    private readonly kept: Map<number, Kept>,
    /** Characters no kept pair holds: the space between fields and the fields' cuts. */
    private readonly excluded: string,
  ) {}

  /** About the bytes held. */
  get size(): number {
    let bytes = 0;
    for (const { rows } of this.kept.values()) bytes += rows.byteLength;
    return bytes;
  }

  /** The rows holding the two characters `pair`, or undefined when they are not kept. */
  rowsOf(pair: string): Uint32Array | undefined {
    return pair.length === 2 ? this.kept.get(pairAt(pair, 0, this.excluded))?.rows : undefined;
  }

  /** Leaves in `candidates` only rows holding the rarest kept pairs of `needle`, which every row holding it does. */
  narrow(needle: string, candidates: Uint32Array): void {
    const pairs: Kept[] = [];
    for (let i = 0; i + 1 < needle.length; i++) {
      const pair = this.kept.get(pairAt(needle, i, this.excluded));
      if (pair && !pairs.includes(pair)) pairs.push(pair);
    }
    pairs.sort((a, b) => a.count - b.count);
    for (const { rows } of pairs.slice(0, PAIRS_PER_TERM)) {
      for (let w = 0; w < candidates.length; w++) candidates[w] &= rows[w];
    }
  }
}

/**
 * The pairs' rows from the fields' distinct values and their rows: a first pass bounds each pair's rows
 * (a value's rows counted for each pair it holds), a second sets the rows of the pairs that may be
 * common, and those that are kept.
 */
export async function buildPairRows(fields: readonly SearchField[], rows: number, excluded: string): Promise<PairRows> {
  const bound = new Float64Array(ASCII * ASCII);
  const lastValue = new Int32Array(ASCII * ASCII).fill(-1);
  let value = 0;
  /** Calls `visit` once for each pair a distinct value holds, with the value's rows. */
  const eachPair = async (visit: (key: number, valueRows: Uint32Array) => void) => {
    for (const field of fields) {
      for (const [text, valueRows] of field.distinctValues()) {
        for (let i = 0; i + 1 < text.length; i++) {
          const key = pairAt(text, i, excluded);
          if (key === -1 || lastValue[key] === value) continue;
          lastValue[key] = value;
          visit(key, valueRows);
        }
        if (++value % VALUES_PER_TURN === 0) await nextTurn();
      }
    }
  };
  await eachPair((key, valueRows) => (bound[key] += valueRows.length));
  const candidates = new Map<number, Uint32Array>();
  bound.forEach((most, key) => {
    if (most * DENSE >= rows && rows > 0) candidates.set(key, new Uint32Array(wordsFor(rows)));
  });
  await eachPair((key, valueRows) => {
    const bits = candidates.get(key);
    if (!bits) return;
    for (let i = 0; i < valueRows.length; i++) bits[valueRows[i] >>> 5] |= 1 << (valueRows[i] & 31);
  });
  const kept = new Map<number, Kept>();
  for (const [key, bits] of candidates) {
    const count = countSet(bits);
    if (count * DENSE >= rows) kept.set(key, { rows: bits, count });
  }
  return new PairRows(kept, excluded);
}
