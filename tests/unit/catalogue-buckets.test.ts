import { describe, expect, it } from 'vitest';
import {
  bucketsFor,
  CAPITAL_MANAGED_LADDER,
  formatMoneyShort,
  GENDER_RATIO_LADDER,
  ladderValues,
  NUMBER_OF_INVESTORS_LADDER,
} from '../../src/shared/filter-buckets.js';

describe('numeric filter buckets', () => {
  it('names amounts the short way', () => {
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(250_000)).toBe('$250K');
    expect(formatMoneyShort(10_000_000)).toBe('$10M');
    expect(formatMoneyShort(1_500_000_000)).toBe('$1.5B');
  });

  it('labels and values the assets ladder from "Under $10M" to "$10B+"', () => {
    expect(CAPITAL_MANAGED_LADDER.map((b) => b.label)).toEqual([
      'Under $10M',
      '$10M – $50M',
      '$50M – $100M',
      '$100M – $250M',
      '$250M – $500M',
      '$500M – $1B',
      '$1B – $5B',
      '$5B – $10B',
      '$10B+',
    ]);
    expect(ladderValues(CAPITAL_MANAGED_LADDER)[1]).toBe('10000000-50000000');
    expect(ladderValues(CAPITAL_MANAGED_LADDER).at(-1)).toBe('10000000000-');
  });

  it('labels whole counts inclusively and shares as percentages', () => {
    expect(NUMBER_OF_INVESTORS_LADDER.map((b) => b.label)).toEqual([
      'Up to 5',
      '6 – 10',
      '11 – 25',
      '26 – 50',
      '51 – 100',
      '101 – 250',
      '251+',
    ]);
    expect(GENDER_RATIO_LADDER[1]).toMatchObject({ value: '20-40', label: '20% – 40% women', lo: 20, hi: 40 });
  });

  it('refuses a value that names no bucket', () => {
    expect(bucketsFor(GENDER_RATIO_LADDER, ['0-20', '80-']).map((b) => b.hi)).toEqual([20, null]);
    expect(() => bucketsFor(GENDER_RATIO_LADDER, ['0-25'])).toThrow('Unknown range "0-25"');
  });
});
