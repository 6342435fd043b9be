// The layered index's merges against the obvious way (sort everything, slice): the base's kept rows and
// the delta's rows, in id order and in rank order, for random sets, minimums and windows.
import { describe, expect, it } from 'vitest';
import { Faker, base } from '@faker-js/faker';
import { wordsFor } from '../../src/server/modules/catalogue/bitset.js';
import { ProfileScores } from '../../src/server/modules/catalogue/fit-ranking.js';
import { mergeById, mergeByScore } from '../../src/server/modules/catalogue/layered-index.js';

const f = new Faker({ locale: base, seed: 11 });

/** A base of `n` rows with ascending ids (gaps between), a random kept set and scores; extras with ids of their own. */
function randomCase(n: number) {
  const ids = new Int32Array(n);
  for (let row = 0, id = 0; row < n; row++) ids[row] = id += f.number.int({ min: 1, max: 4 });
  const kept = new Uint32Array(wordsFor(n));
  const density = f.number.float({ min: 0, max: 1 });
  for (let row = 0; row < n; row++) if (f.number.float() < density) kept[row >>> 5] |= 1 << (row & 31);
  const scores = Uint8Array.from({ length: n }, () => f.number.int({ min: 0, max: 100 }));
  const counts = new Int32Array(101);
  for (const score of scores) counts[score]++;
  const taken = new Set(ids);
  const extras: Array<{ id: number; score: number }> = [];
  for (let k = f.number.int({ min: 0, max: 40 }); k > 0; k--) {
    const id = f.number.int({ min: 0, max: ids[n - 1] + 10 });
    if (taken.has(id)) continue;
    taken.add(id);
    extras.push({ id, score: f.number.int({ min: 0, max: 100 }) });
  }
  return { ids, kept, profile: new ProfileScores(scores, counts), extras };
}

function keptRows(kept: Uint32Array, n: number): number[] {
  return Array.from({ length: n }, (_, row) => row).filter((row) => (kept[row >>> 5] & (1 << (row & 31))) !== 0);
}

describe('the layered index merges', () => {
  it('pages the base and the delta in id order as one sorted list', () => {
    for (let trial = 0; trial < 300; trial++) {
      const n = f.number.int({ min: 1, max: 300 });
      const { ids, kept, extras } = randomCase(n);
      const extraIds = extras.map((e) => e.id).sort((a, b) => a - b);
      const all = [...keptRows(kept, n).map((row) => ids[row]), ...extraIds].sort((a, b) => a - b);
      const start = f.number.int({ min: 0, max: all.length + 5 });
      const limit = f.number.int({ min: 0, max: 40 });
      expect(mergeById(ids, kept, extraIds, start, limit)).toEqual({ total: all.length, ids: all.slice(start, start + limit) });
      expect(mergeById(ids, null, extraIds, 0, limit)).toEqual({ total: extraIds.length, ids: extraIds.slice(0, limit) });
    }
  });

  it('pages them best first, ties by id, leaving out rows below the minimum', () => {
    for (let trial = 0; trial < 300; trial++) {
      const n = f.number.int({ min: 1, max: 300 });
      const { ids, kept, profile, extras } = randomCase(n);
      const min = f.helpers.arrayElement([0, 0, 30, 60, 95]);
      const kept2 = kept.slice();
      const extrasKept = extras.filter((e) => e.score >= min).sort((a, b) => b.score - a.score || a.id - b.id);
      const all = [
        ...keptRows(kept, n)
          .filter((row) => profile.scores[row] >= min)
          .map((row) => ({ id: ids[row], score: profile.scores[row] })),
        ...extrasKept,
      ].sort((a, b) => b.score - a.score || a.id - b.id);
      const start = f.number.int({ min: 0, max: all.length + 5 });
      const limit = f.number.int({ min: 0, max: 40 });
      expect(mergeByScore(ids, profile, kept2, min, extrasKept, start, limit)).toEqual({
        total: all.length,
        ids: all.slice(start, start + limit).map((e) => e.id),
      });
    }
  });
});
