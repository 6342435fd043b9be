// A search by fit's total and page, from the index's kept scores, must be exactly what scoring every kept
// row and sorting them would give: the rows scoring at least the minimum, best first, ties in row order.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { keptAtLeast, ProfileScores, rankWindow } from '../../src/server/modules/catalogue/fit-ranking.js';

const f = new Faker({ locale: base, seed: 23 });

function profileOf(scores: Uint8Array): ProfileScores {
  const counts = new Int32Array(101);
  for (const score of scores) counts[score]++;
  return new ProfileScores(scores, counts);
}

describe('fit ranking', () => {
  it.each([1, 31, 32, 33, 1000, 5000])('counts and pages the kept rows by score over %i rows', (n) => {
    // Few distinct scores, so that ties are many, as the rubric's are.
    const scores = Uint8Array.from({ length: n }, () => f.helpers.arrayElement([0, 12, 40, 55, 70, 70, 85, 100]));
    const ids = Int32Array.from({ length: n }, (_, row) => 10 + row * 3);
    const profile = profileOf(scores);
    for (const density of [0, 0.01, 0.3, 1]) {
      const matched = new Uint32Array((n + 31) >>> 5);
      for (let row = 0; row < n; row++) if (f.datatype.boolean(density)) matched[row >>> 5] |= 1 << (row & 31);
      const kept = Array.from({ length: n }, (_, row) => row).filter((row) => (matched[row >>> 5] & (1 << (row & 31))) !== 0);
      for (const min of [0, 1, 40, 70, 100]) {
        const expected = kept.filter((row) => scores[row] >= min);
        expect(keptAtLeast(profile, matched, min), `min ${min}`).toBe(expected.length);
        const ranked = [...expected].sort((a, b) => scores[b] - scores[a] || a - b).map((row) => ids[row]);
        for (const start of [0, 15, Math.max(0, expected.length - 5)]) {
          const window = { minScore: min, start, limit: 15 };
          expect(rankWindow(ids, profile, matched, { ...window, byScore: true })).toEqual({
            total: expected.length,
            ids: ranked.slice(start, start + 15),
          });
          expect(rankWindow(ids, profile, matched, { ...window, byScore: false })).toEqual({
            total: expected.length,
            ids: expected.slice(start, start + 15).map((row) => ids[row]),
          });
        }
      }
    }
  });
});
