// The facet index of a newer catalogue version without a rebuild: the index built at start (the base)
// with the rows changed since then left out of it, and those rows, as they are now, in a small index of
// their own (the delta). A search matches both and merges them in the order asked for, so totals stay
// exact and pages the same as a fresh build's, for the cost of the delta's few rows.
import type { Facet, RangeFacet } from './catalogues.js';
import { countSet, popcount, scratch, setOrAnd } from './bitset.js';
import type { FacetIndex, FacetMatch, FitQuery, SearchIndex } from './facet-index.js';
import { has, keptAtLeast, type ProfileScores } from './fit-ranking.js';
import type { SearchFilter } from './search-sql.js';

/** A row of the delta in a ranked merge: its id and its score. */
interface Scored {
  id: number;
  score: number;
}

export class LayeredIndex implements SearchIndex {
  constructor(
    readonly version: number,
    readonly base: FacetIndex,
    /** The rows changed since the base was built that still exist, as they are at `version`. */
    readonly delta: FacetIndex,
    /** The base's positions of every row changed since (updated or deleted): left out of the base. */
    readonly changed: Uint32Array,
  ) {}

  match(filter: SearchFilter, start: number, limit: number, needle?: string, fit?: FitQuery): FacetMatch | null {
    try {
      const base = this.base.select(filter, needle, this.changed);
      if (base === undefined) return null;
      const delta = this.delta.select(filter, needle);
      if (delta === undefined) return null;
      const kept = base === 'none' ? null : base;
      const deltaRows = delta === 'none' ? [] : positionsOf(delta);
      if (!fit) return mergeById(this.base.ids, kept, deltaRows.map((row) => this.delta.ids[row]), start, limit);

      const baseScores = this.base.fitScoresFor(fit.profile);
      const deltaScores = this.delta.fitScoresFor(fit.profile).scores;
      const extras = deltaRows
        .filter((row) => deltaScores[row] >= fit.min)
        .map((row): Scored => ({ id: this.delta.ids[row], score: deltaScores[row] }));
      if (!fit.byScore) {
        if (kept && fit.min > 0) setOrAnd(kept, baseScores.atLeast(fit.min), false);
        return mergeById(this.base.ids, kept, extras.map((row) => row.id), start, limit);
      }
      extras.sort((a, b) => b.score - a.score || a.id - b.id);
      return mergeByScore(this.base.ids, baseScores, kept, fit.min, extras, start, limit);
    } finally {
      scratch.release();
    }
  }

  count(filter: SearchFilter, needle?: string, fit?: FitQuery): number | null {
    const base = this.base.count(filter, needle, fit, this.changed);
    if (base === null) return null;
    const delta = this.delta.count(filter, needle, fit);
    return delta === null ? null : base + delta;
  }

  valuesInUse(facet: Facet): string[] {
    return [...new Set([...this.base.valuesInUse(facet, this.changed), ...this.delta.valuesInUse(facet)])];
  }

  bucketsInUse(facet: RangeFacet): boolean[] {
    const delta = this.delta.bucketsInUse(facet);
    return this.base.bucketsInUse(facet, this.changed).map((used, k) => used || delta[k]);
  }
}

/** The positions set in a bitset, ascending. */
function positionsOf(bits: Uint32Array): number[] {
  const positions: number[] = [];
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w]; word !== 0; word &= word - 1) positions.push((w << 5) + 31 - Math.clz32(word & -word));
  }
  return positions;
}

/**
 * The total and one window, in id order, of the base's rows set in `kept` (null: none) and the delta's
 * `extras` (ids, ascending; never a kept row's, which were left out of the base).
 */
export function mergeById(ids: Int32Array, kept: Uint32Array | null, extras: readonly number[], start: number, limit: number): FacetMatch {
  const total = (kept ? countSet(kept) : 0) + extras.length;
  const end = Math.min(start + limit, total);
  const out: number[] = [];
  if (start >= end) return { total, ids: out };
  let rank = 0;
  let e = 0;
  for (let w = 0; kept && w < kept.length && rank < end; w++) {
    let word = kept[w];
    if (word === 0) continue;
    // A word wholly before the window is only counted, with the extras that come before its last row.
    const lastId = ids[Math.min((w << 5) + 31, ids.length - 1)];
    let before = 0;
    while (e + before < extras.length && extras[e + before] < lastId) before++;
    const count = popcount(word);
    if (rank + count + before <= start) {
      rank += count + before;
      e += before;
      continue;
    }
    for (; word !== 0 && rank < end; word &= word - 1) {
      const id = ids[(w << 5) + 31 - Math.clz32(word & -word)];
      for (; e < extras.length && extras[e] < id && rank < end; e++, rank++) if (rank >= start) out.push(extras[e]);
      if (rank >= end) break;
      if (rank++ >= start) out.push(id);
    }
  }
  for (; e < extras.length && rank < end; e++, rank++) if (rank >= start) out.push(extras[e]);
  return { total, ids: out };
}

/**
 * The total and one window, best first (ties by id), of the base's rows set in `kept` scoring at least
 * `min` and the delta's `extras` (each scoring at least `min`, sorted best first, ties by id).
 */
export function mergeByScore(
  ids: Int32Array,
  profile: ProfileScores,
  kept: Uint32Array | null,
  min: number,
  extras: readonly Scored[],
  start: number,
  limit: number,
): FacetMatch {
  let baseTotal = 0;
  if (kept) baseTotal = min === 0 ? countSet(kept) : keptAtLeast(profile, kept, min);
  const total = baseTotal + extras.length;
  const end = Math.min(start + limit, total);
  const out: number[] = [];
  if (start >= end) return { total, ids: out };
  const { scores } = profile;
  let rank = 0;
  let e = 0;
  if (kept) {
    // The base's rows in rank order (best first, ties by position, which is id order).
    const order = profile.rankOrder();
    for (let at = 0; at < order.length && rank < end; at++) {
      const row = order[at];
      if (!has(kept, row)) continue;
      const score = scores[row];
      // Every extra left scores at least `min`: a base row below it comes after all of them.
      if (score < min) break;
      const id = ids[row];
      for (; e < extras.length && rank < end && (extras[e].score > score || (extras[e].score === score && extras[e].id < id)); e++, rank++) {
        if (rank >= start) out.push(extras[e].id);
      }
      if (rank >= end) break;
      if (rank++ >= start) out.push(id);
    }
  }
  for (; e < extras.length && rank < end; e++, rank++) if (rank >= start) out.push(extras[e].id);
  return { total, ids: out };
}
