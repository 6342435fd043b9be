// rankWindow against a plain sort: every window of random scores, with and without a bitset of kept
// rows, by score and in row order, with a minimum.
import { describe, expect, it } from 'vitest';
import { ProfileScores, rankWindow } from '../../src/server/modules/catalogue/fit-ranking.js';

function random(seed: number) {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

describe('rankWindow', () => {
  const n = 1000;
  const next = random(42);
  // Few distinct scores, so ties are many and their order is tested.
  const scores = Uint8Array.from({ length: n }, () => [0, 12, 40, 55, 70, 70, 85, 100][Math.floor(next() * 8)]);
  const counts = new Int32Array(101);
  for (const s of scores) counts[s]++;
  const ids = Int32Array.from({ length: n }, (_, row) => 10 + row * 3);
  const matched = new Uint32Array(Math.ceil(n / 32));
  for (let row = 0; row < n; row++) if (next() < 0.3) matched[row >>> 5] |= 1 << (row & 31);
  const kept = (row: number) => (matched[row >>> 5] & (1 << (row & 31))) !== 0;

  it.each([
    ['every row, by score', null, true, 0],
    ['every row, by score, at least 55', null, true, 55],
    ['every row, row order, at least 70', null, false, 70],
    ['kept rows, by score', matched, true, 0],
    ['kept rows, by score, at least 70', matched, true, 70],
    ['kept rows, row order, at least 40', matched, false, 40],
    // Fewer rows score 85 or more than are kept: counted from the top of the rank order instead.
    ['kept rows, by score, at least 85', matched, true, 85],
    ['kept rows, row order, at least 100', matched, false, 100],
  ] as const)('%s: every window agrees with a plain sort', (_name, bits, byScore, minScore) => {
    const profile = new ProfileScores(scores, counts);
    const expected = [...scores.keys()]
      .filter((row) => (bits === null || kept(row)) && scores[row] >= minScore)
      .sort((a, b) => (byScore ? scores[b] - scores[a] : 0) || a - b)
      .map((row) => ids[row]);
    for (const [start, limit] of [[0, 15], [15, 15], [137, 50], [expected.length - 7, 15], [expected.length, 15], [0, n]]) {
      const window = rankWindow(ids, profile, bits, { minScore, byScore, start, limit });
      expect(window.total).toBe(expected.length);
      expect(window.ids).toEqual(expected.slice(start, start + limit));
    }
  });
});
