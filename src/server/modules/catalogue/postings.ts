// Each value's rows, for a column held as one code per row: the rows holding value v are
// rows[starts[v] … starts[v + 1]), ascending. Reading a rare value's rows costs as many reads as it has
// rows, where a pass over the codes costs one per row of the catalogue.

export interface Postings {
  starts: Uint32Array;
  rows: Uint32Array;
}

/** The postings of `codes`, each below `distinct`, by counting: counts, running sums, then rows in order. */
export function buildPostings(codes: ArrayLike<number>, distinct: number): Postings {
  const starts = new Uint32Array(distinct + 1);
  for (let row = 0; row < codes.length; row++) starts[codes[row] + 1]++;
  for (let v = 0; v < distinct; v++) starts[v + 1] += starts[v];
  const next = starts.slice(0, distinct);
  const rows = new Uint32Array(codes.length);
  for (let row = 0; row < codes.length; row++) rows[next[codes[row]]++] = row;
  return { starts, rows };
}

/** How many rows the values whose bits are set in `wanted` hold, counted until it reaches `limit`. */
export function postingCount({ starts }: Postings, wanted: Uint32Array, limit = Infinity): number {
  let count = 0;
  for (let w = 0; w < wanted.length && count < limit; w++) {
    let bits = wanted[w];
    while (bits !== 0) {
      const v = (w << 5) + 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      count += starts[v + 1] - starts[v];
    }
  }
  return count;
}

/** Calls `visit` with every row of the values whose bits are set in `wanted`. */
export function forEachRow({ starts, rows }: Postings, wanted: Uint32Array, visit: (row: number) => void): void {
  for (let w = 0; w < wanted.length; w++) {
    let bits = wanted[w];
    while (bits !== 0) {
      const v = (w << 5) + 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      for (let p = starts[v]; p < starts[v + 1]; p++) visit(rows[p]);
    }
  }
}
