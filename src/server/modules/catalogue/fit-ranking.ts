// What the fit rubric (shared/fit.ts) reads of every row, held beside the facet index, and the ranking of
// a search's rows by it: each row's facts are four masks and two amounts (32 bytes), a profile's scores
// one byte a row, computed once per profile and index and kept for the next searches.
import { sql, type SQL } from 'drizzle-orm';
import { type FitFacts, type FitProfile, FIT_FIELDS, fitFactsOf, fitScore } from '../../../shared/fit.js';
import type { Catalogue } from './catalogues.js';

/** Scores kept per index: a user's next search, and a few others', reuse them. */
const KEPT_SCORES = 16;

/** The best score; scores run 0..MAX_SCORE. */
const MAX_SCORE = 100;

/** The fit fields of a row as SELECT columns (`fit_stages` …), for fitFactsOf. */
export function fitColumnsSql(catalogue: Catalogue): SQL {
  const fields = FIT_FIELDS[catalogue.name];
  return sql.join(
    Object.values(fields).map((name) => sql`${sql.identifier(name)}`),
    sql`, `,
  );
}

export class FitColumnsBuilder {
  private readonly stages: Uint32Array;
  private readonly industries: Uint32Array;
  private readonly geographies: Uint32Array;
  private readonly financing: Uint32Array;
  private readonly min: Float64Array;
  private readonly max: Float64Array;

  constructor(
    private readonly catalogue: Catalogue,
    size: number,
  ) {
    this.stages = new Uint32Array(size);
    this.industries = new Uint32Array(size);
    this.geographies = new Uint32Array(size);
    this.financing = new Uint32Array(size);
    this.min = new Float64Array(size);
    this.max = new Float64Array(size);
  }

  /** Stores the row at `position` from its fields as read (fitColumnsSql). */
  store(position: number, row: Record<string, unknown>): void {
    const facts: FitFacts = fitFactsOf(this.catalogue.name, row);
    this.stages[position] = facts.stages;
    this.industries[position] = facts.industries;
    this.geographies[position] = facts.geographies;
    this.financing[position] = facts.financing;
    this.min[position] = facts.min;
    this.max[position] = facts.max;
  }

  finish(): FitColumns {
    return new FitColumns(this.stages, this.industries, this.geographies, this.financing, this.min, this.max);
  }
}

/** A page of a ranked search: the exact total and the ids of the window asked for, in rank order. */
export interface RankedWindow {
  total: number;
  ids: number[];
}

/**
 * One profile's scores of every row (a byte each), how many rows have each score, and — built on the first
 * search ranked by it — every row position in rank order (best first, ties by position) with where each
 * score's rows begin in it.
 */
export class ProfileScores {
  private ranks: { order: Int32Array; firstRank: Int32Array } | null = null;

  constructor(
    readonly scores: Uint8Array,
    readonly counts: Int32Array,
  ) {}

  get size(): number {
    return this.scores.byteLength + (this.ranks?.order.byteLength ?? 0);
  }

  /** Row positions by rank, and the rank of the first row of each score (a counting sort, once). */
  rankOrder(): { order: Int32Array; firstRank: Int32Array } {
    if (this.ranks) return this.ranks;
    const firstRank = new Int32Array(MAX_SCORE + 1);
    let before = 0;
    for (let s = MAX_SCORE; s >= 0; s--) {
      firstRank[s] = before;
      before += this.counts[s];
    }
    const next = firstRank.slice();
    const order = new Int32Array(this.scores.length);
    for (let row = 0; row < this.scores.length; row++) order[next[this.scores[row]]++] = row;
    this.ranks = { order, firstRank };
    return this.ranks;
  }
}

export class FitColumns {
  private readonly kept = new Map<string, ProfileScores>();

  constructor(
    private readonly stages: Uint32Array,
    private readonly industries: Uint32Array,
    private readonly geographies: Uint32Array,
    private readonly financing: Uint32Array,
    private readonly min: Float64Array,
    private readonly max: Float64Array,
  ) {}

  get size(): number {
    return this.stages.byteLength * 4 + this.min.byteLength * 2;
  }

  /** Every row's score against the profile: computed on the profile's first search, then kept. */
  scoresFor(profile: FitProfile): ProfileScores {
    const kept = this.kept.get(profile.key);
    if (kept) {
      // Most recently used last, so the oldest goes first.
      this.kept.delete(profile.key);
      this.kept.set(profile.key, kept);
      return kept;
    }
    const n = this.stages.length;
    const scores = new Uint8Array(n);
    const counts = new Int32Array(MAX_SCORE + 1);
    for (let row = 0; row < n; row++) {
      const score = fitScore(
        profile,
        this.stages[row],
        this.industries[row],
        this.geographies[row],
        this.financing[row],
        this.min[row],
        this.max[row],
      );
      scores[row] = score;
      counts[score]++;
    }
    if (this.kept.size >= KEPT_SCORES) this.kept.delete(this.kept.keys().next().value!);
    const made = new ProfileScores(scores, counts);
    this.kept.set(profile.key, made);
    return made;
  }
}

/** Bit `row` of a row bitset. */
function has(bits: Uint32Array, row: number): boolean {
  return (bits[row >>> 5] & (1 << (row & 31))) !== 0;
}

/**
 * Ranks the rows a search kept (`matched`, a bitset over row positions, or null for every row) by score,
 * best first and ties in row order (the default order), keeping those scoring at least `minScore`; or,
 * with `byScore` false, keeps them in row order. Answers the exact total and the window's ids.
 * The total is one pass over the kept rows' scores (none for every row: the profile counted them); the
 * window is read from the rank order, from the first score that reaches into it.
 */
export function rankWindow(
  ids: Int32Array,
  profile: ProfileScores,
  matched: Uint32Array | null,
  options: { minScore: number; byScore: boolean; start: number; limit: number },
): RankedWindow {
  const { minScore, byScore, start, limit } = options;
  const { scores } = profile;
  let counts = profile.counts;
  if (matched !== null) {
    counts = new Int32Array(MAX_SCORE + 1);
    for (let w = 0; w < matched.length; w++) {
      let word = matched[w];
      while (word !== 0) {
        const low = word & -word;
        counts[scores[(w << 5) + 31 - Math.clz32(low)]]++;
        word ^= low;
      }
    }
  }
  let total = 0;
  for (let s = minScore; s <= MAX_SCORE; s++) total += counts[s];
  const end = Math.min(start + limit, total);
  if (start >= end) return { total, ids: [] };
  const out: number[] = [];
  if (!byScore) {
    // Row order: the kept rows scoring at least minScore, counted until the window is read.
    let rank = 0;
    for (let row = 0; row < scores.length && rank < end; row++) {
      if (scores[row] < minScore || (matched !== null && !has(matched, row))) continue;
      if (rank++ >= start) out.push(ids[row]);
    }
    return { total, ids: out };
  }
  const { order, firstRank } = profile.rankOrder();
  if (matched === null) {
    for (let rank = start; rank < end; rank++) out.push(ids[order[rank]]);
    return { total, ids: out };
  }
  // The best score whose kept rows reach the window, and the rank (among kept rows) of its first one.
  let s = MAX_SCORE;
  let rank = 0;
  while (rank + counts[s] <= start) rank += counts[s--];
  for (let at = firstRank[s]; at < order.length && rank < end; at++) {
    const row = order[at];
    if (!has(matched, row)) continue;
    if (rank++ >= start) out.push(ids[row]);
  }
  return { total, ids: out };
}
