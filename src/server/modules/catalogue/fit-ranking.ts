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

export class FitColumns {
  private readonly scores = new Map<string, Uint8Array>();

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
  scoresFor(profile: FitProfile): Uint8Array {
    const kept = this.scores.get(profile.key);
    if (kept) {
      // Most recently used last, so the oldest goes first.
      this.scores.delete(profile.key);
      this.scores.set(profile.key, kept);
      return kept;
    }
    const n = this.stages.length;
    const scores = new Uint8Array(n);
    for (let row = 0; row < n; row++) {
      scores[row] = fitScore(
        profile,
        this.stages[row],
        this.industries[row],
        this.geographies[row],
        this.financing[row],
        this.min[row],
        this.max[row],
      );
    }
    if (this.scores.size >= KEPT_SCORES) this.scores.delete(this.scores.keys().next().value!);
    this.scores.set(profile.key, scores);
    return scores;
  }
}

/**
 * Ranks the rows a search kept (`matched`, a bitset over row positions, or null for every row) by
 * score, best first and ties in row order (the default order), keeping those scoring at least `minScore`;
 * or, with `byScore` false, keeps them in row order. Answers the exact total and the window's ids.
 * Two passes over the kept rows: a count per score, then the window's rows placed by rank.
 */
export function rankWindow(
  ids: Int32Array,
  scores: Uint8Array,
  matched: Uint32Array | null,
  options: { minScore: number; byScore: boolean; start: number; limit: number },
): RankedWindow {
  const { minScore, byScore, start, limit } = options;
  const counts = new Int32Array(MAX_SCORE + 1);
  forEachRow(ids.length, matched, (row) => {
    counts[scores[row]]++;
  });
  let total = 0;
  for (let s = minScore; s <= MAX_SCORE; s++) total += counts[s];
  const end = Math.min(start + limit, total);
  if (start >= end) return { total, ids: [] };
  const out = new Array<number>(end - start);
  if (!byScore) {
    let rank = 0;
    forEachRow(ids.length, matched, (row) => {
      if (scores[row] < minScore) return true;
      if (rank >= start) out[rank - start] = ids[row];
      return ++rank < end;
    });
    return { total, ids: out };
  }
  // The rank of the first row of each score; only scores whose rows reach into the window are placed.
  const next = new Int32Array(MAX_SCORE + 1);
  let before = 0;
  for (let s = MAX_SCORE; s >= minScore; s--) {
    next[s] = before;
    before += counts[s];
  }
  let placed = 0;
  forEachRow(ids.length, matched, (row) => {
    const s = scores[row];
    if (s < minScore) return true;
    const rank = next[s]++;
    if (rank >= start && rank < end) {
      out[rank - start] = ids[row];
      if (++placed === end - start) return false;
    }
    return true;
  });
  return { total, ids: out };
}

/** Calls `visit` with each kept row position in order, until it answers false. */
function forEachRow(n: number, matched: Uint32Array | null, visit: (row: number) => boolean | void): void {
  if (matched === null) {
    for (let row = 0; row < n; row++) if (visit(row) === false) return;
    return;
  }
  for (let w = 0; w < matched.length; w++) {
    let word = matched[w];
    while (word !== 0) {
      const low = word & -word;
      const row = (w << 5) + (31 - Math.clz32(low));
      if (visit(row) === false) return;
      word ^= low;
    }
  }
}
