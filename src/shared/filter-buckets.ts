// The numeric filters are ranges. A bucket holds the values lo ≤ x < hi (the last one is open);
// its wire value is "lo-hi" (or "lo-" when open), e.g. "10000000-50000000" for "$10M – $50M".
import { groupThousands } from './numbers.js';

export interface Bucket {
  value: string;
  label: string;
  lo: number;
  /** Exclusive upper bound; null for the open top bucket. */
  hi: number | null;
}

export type Ladder = readonly Bucket[];

/** "$250K", "$10M", "$1.5B": whole dollars in the short form people read in filter lists. */
export function formatMoneyShort(amount: number): string {
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (amount >= size) return `$${trimNumber(amount / size)}${suffix}`;
  }
  return `$${trimNumber(amount)}`;
}

function trimNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function buildLadder(
  edges: readonly number[],
  label: (lo: number, hi: number | null, first: boolean) => string,
): Ladder {
  return edges.map((lo, i) => {
    const hi = i + 1 < edges.length ? edges[i + 1] : null;
    return { value: `${lo}-${hi ?? ''}`, label: label(lo, hi, i === 0), lo, hi };
  });
}

function moneyLadder(edges: readonly number[]): Ladder {
  return buildLadder(edges, (lo, hi, first) => {
    if (hi === null) return `${formatMoneyShort(lo)}+`;
    if (first && lo === 0) return `Under ${formatMoneyShort(hi)}`;
    return `${formatMoneyShort(lo)} – ${formatMoneyShort(hi)}`;
  });
}

/** Whole counts: [6, 11) reads "6 – 10". */
function countLadder(edges: readonly number[]): Ladder {
  return buildLadder(edges, (lo, hi, first) => {
    if (hi === null) return `${groupThousands(lo)}+`;
    if (first && lo === 0) return `Up to ${groupThousands(hi - 1)}`;
    return `${groupThousands(lo)} – ${groupThousands(hi - 1)}`;
  });
}

function percentLadder(edges: readonly number[], noun: string): Ladder {
  return buildLadder(edges, (lo, hi, first) => {
    if (hi === null) return `${lo}% or more ${noun}`;
    if (first && lo === 0) return `Under ${hi}% ${noun}`;
    return `${lo}% – ${hi}% ${noun}`;
  });
}

export const CAPITAL_MANAGED_LADDER = moneyLadder([0, 10e6, 50e6, 100e6, 250e6, 500e6, 1e9, 5e9, 10e9]);
export const MIN_INVESTMENT_LADDER = moneyLadder([0, 100e3, 250e3, 500e3, 1e6, 5e6, 10e6, 25e6]);
export const MAX_INVESTMENT_LADDER = moneyLadder([0, 1e6, 5e6, 10e6, 25e6, 50e6, 100e6, 250e6]);
export const NUMBER_OF_INVESTORS_LADDER = countLadder([0, 6, 11, 26, 51, 101, 251]);
/** Share of women on a fund's investment team, in percent (see the funds' gender_ratio column). */
export const GENDER_RATIO_LADDER = percentLadder([0, 20, 40, 60, 80], 'women');

export function ladderValues(ladder: Ladder): string[] {
  return ladder.map((b) => b.value);
}

/** The buckets of a ladder named by wire values; an unknown value is a caller error. */
export function bucketsFor(ladder: Ladder, values: readonly string[]): Bucket[] {
  return values.map((value) => {
    const bucket = ladder.find((b) => b.value === value);
    if (!bucket) throw new RangeError(`Unknown range "${value}"`);
    return bucket;
  });
}
