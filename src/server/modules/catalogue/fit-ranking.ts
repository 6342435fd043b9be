// What the fit rubric (shared/fit.ts) reads of every row, held beside the facet index, and the ranking of
// a search's rows by it: each row's facts are four masks and two amounts (32 bytes), a profile's scores
// one byte a row, computed once per profile and index and kept for the next searches.
import { sql, type SQL } from 'drizzle-orm';
import { type FitFacts, type FitProfile, FIT_FIELDS, fitFactsOf, fitScore } from '../../../shared/fit.js';
import type { Catalogue } from './catalogues.js';
import { countSet, popcount } from './bitset.js';

/** Scores kept per index: a user's next search, and a few others', reuse them. */
const KEPT_SCORES = 16;

/** Minimums whose rows a profile's scores keep as a bitset. */
const KEPT_MINIMUMS = 4;

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
 * search ranked by it — every row position in rank order (best first, ties by position).
 */
export class ProfileScores {
  private order: Int32Array | null = null;
  /** The rows scoring at least a minimum, by minimum (a founder uses one or two). */
  private readonly atLeastBits = new Map<number, Uint32Array>();

  constructor(
    readonly scores: Uint8Array,
    readonly counts: Int32Array,
  ) {}

  /** Row positions by rank (a counting sort, once). */
  rankOrder(): Int32Array {
    if (this.order) return this.order;
    const next = new Int32Array(MAX_SCORE + 1);
    let before = 0;
    for (let s = MAX_SCORE; s >= 0; s--) {
      next[s] = before;
      before += this.counts[s];
    }
    const order = new Int32Array(this.scores.length);
    for (let row = 0; row < this.scores.length; row++) order[next[this.scores[row]]++] = row;
    this.order = order;
    return order;
  }

  /** The rows scoring at least `min`, as a bitset over row positions (made from the rank order, then kept). */
  atLeast(min: number): Uint32Array {
    let bits = this.atLeastBits.get(min);
    if (bits) return bits;
    bits = new Uint32Array((this.scores.length + 31) >>> 5);
    let above = 0;
    for (let s = min; s <= MAX_SCORE; s++) above += this.counts[s];
    const order = this.rankOrder();
    for (let rank = 0; rank < above; rank++) bits[order[rank] >>> 5] |= 1 << (order[rank] & 31);
    if (this.atLeastBits.size >= KEPT_MINIMUMS) this.atLeastBits.delete(this.atLeastBits.keys().next().value!);
    this.atLeastBits.set(min, bits);
    return bits;
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
export function has(bits: Uint32Array, row: number): boolean {
  return (bits[row >>> 5] & (1 << (row & 31))) !== 0;
}

/**
 * How many of the rows set in `matched` score at least `minScore`: the AND of two bitsets counted, the
 * rows scoring that high being kept per profile (some 0.1 ms at a million rows, where testing each kept
 * row's score, or each high-scoring row's bit, took 2–4 ms).
 */
export function keptAtLeast(profile: ProfileScores, matched: Uint32Array, minScore: number): number {
  const above = profile.atLeast(minScore);
  let total = 0;
  for (let w = 0; w < matched.length; w++) total += popcount(matched[w] & above[w]);
  return total;
}

/**
 * Ranks the rows a search kept (`matched`, a bitset over row positions, or null for every row) by score,
 * best first and ties in row order (the default order), keeping those scoring at least `minScore`; or,
 * with `byScore` false, keeps them in row order. Answers the exact total and the window's ids.
 * The total is the kept rows' count or, with a minimum, that of the kept rows scoring that high; the
 * window is read in rank order (or row order) until it is full, so a first page costs next to nothing.
 */
export function rankWindow(
  ids: Int32Array,
  profile: ProfileScores,
  matched: Uint32Array | null,
  options: { minScore: number; byScore: boolean; start: number; limit: number },
): RankedWindow {
  const { minScore, byScore, start, limit } = options;
  const { scores, counts } = profile;
  const n = scores.length;
  let total = 0;
  if (minScore === 0) total = matched === null ? n : countSet(matched);
  else if (matched !== null) total = keptAtLeast(profile, matched, minScore);
  else for (let s = minScore; s <= MAX_SCORE; s++) total += counts[s];
  const end = Math.min(start + limit, total);
  if (start >= end) return { total, ids: [] };
  const out: number[] = [];
  if (!byScore) {
    let rank = 0;
    for (let row = 0; row < n && rank < end; row++) {
      if (scores[row] < minScore || (matched !== null && !has(matched, row))) continue;
      if (rank++ >= start) out.push(ids[row]);
    }
    return { total, ids: out };
  }
  const order = profile.rankOrder();
  if (matched === null) {
    for (let rank = start; rank < end; rank++) out.push(ids[order[rank]]);
    return { total, ids: out };
  }
  // Rows below minScore come after every row at or above it: the window is full before them.
  let rank = 0;
  for (let at = 0; at < n && rank < end; at++) {
    const row = order[at];
    if (!has(matched, row)) continue;
    if (rank++ >= start) out.push(ids[row]);
  }
  return { total, ids: out };
}
