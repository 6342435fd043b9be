// Distributions the catalogue needs, drawn from a seeded faker so every run makes the same rows.
import type { Faker, Randomizer } from '@faker-js/faker';

export function chance(f: Faker, probability: number): boolean {
  return f.number.float({ min: 0, max: 1 }) < probability;
}

/** Standard normal by Box–Muller. */
export function normal(f: Faker): number {
  const u = f.number.float({ min: Number.EPSILON, max: 1 });
  const v = f.number.float({ min: 0, max: 1 });
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal around a median: most values near it, a long tail of large ones (fund sizes, cheques). */
export function logNormal(f: Faker, median: number, sigma: number): number {
  return median * Math.exp(sigma * normal(f));
}

export function logUniform(f: Faker, min: number, max: number): number {
  return Math.exp(f.number.float({ min: Math.log(min), max: Math.log(max) }));
}

/** Rounds to a few significant figures, as amounts are quoted ($12.5M, not $12,513,877). */
export function roundSignificant(x: number, digits: number): number {
  if (x === 0) return 0;
  const scale = 10 ** (Math.floor(Math.log10(Math.abs(x))) - digits + 1);
  return Math.round(x / scale) * scale;
}

export function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

export interface Weighted<T> {
  value: T;
  weight: number;
}

export function weightedPick<T>(f: Faker, items: readonly Weighted<T>[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let r = f.number.float({ min: 0, max: total });
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item.value;
  }
  return items[items.length - 1].value;
}

/** Cumulative weights built once, so picking among many weighted items is a binary search. */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly items: readonly T[],
    weightOf: (item: T) => number,
  ) {
    let sum = 0;
    for (const item of items) {
      sum += weightOf(item);
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(f: Faker): T {
    const r = f.number.float({ min: 0, max: this.total });
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }
}

/** Between min and max distinct items, in the order they appear in `pool`. */
export function someOf<T>(f: Faker, pool: readonly T[], min: number, max: number): T[] {
  const count = f.number.int({ min: Math.min(min, pool.length), max: Math.min(max, pool.length) });
  const chosen = new Set(f.helpers.arrayElements(pool, count));
  return pool.filter((item) => chosen.has(item));
}

/** Successes in n tries of probability p. */
export function binomial(f: Faker, n: number, p: number): number {
  let successes = 0;
  for (let i = 0; i < n; i++) if (chance(f, p)) successes++;
  return successes;
}

/**
 * A small seedable generator (sfc32, its state mixed from the seed by splitmix32) for faker. Faker's
 * Mersenne Twister takes ~75 µs to seed, and the catalogue seeds once per row and per firm; this one
 * seeds in well under a microsecond and is ample for test data.
 */
export function fastRandomizer(): Randomizer {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const next32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const randomizer: Randomizer = {
    next: () => next32() / 4294967296,
    seed(seed) {
      let h = 0x9e3779b9;
      for (const part of Array.isArray(seed) ? seed : [seed]) {
        h = Math.imul(h ^ (part | 0), 0x85ebca6b);
        h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
        h ^= h >>> 16;
      }
      const splitmix = () => {
        h = (h + 0x9e3779b9) | 0;
        let z = h;
        z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
        z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
        return (z ^ (z >>> 15)) | 0;
      };
      a = splitmix();
      b = splitmix();
      c = splitmix();
      d = splitmix();
      for (let i = 0; i < 12; i++) next32();
    },
  };
  randomizer.seed(0);
  return randomizer;
}
