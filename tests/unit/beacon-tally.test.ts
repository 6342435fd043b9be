import { describe, expect, it } from 'vitest';
import { DECK_LIMITS } from '../../src/shared/decks.js';
import type { AcceptedBeacon } from '../../src/server/modules/decks/beacon-queue.js';
import { ROW_TELL_EVERY_MS, tallyViews, type LinkBefore } from '../../src/server/modules/decks/beacon-tally.js';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, seconds));
const beacon = (token: string, viewId: number, seq: number, pages: Array<[number, number]>, seconds: number): AcceptedBeacon => ({
  token,
  viewId,
  beacon: { key: 'k', seq, pages: pages.map(([page, ms]) => ({ page, ms })) },
  at: at(seconds),
});
const rowLink: LinkBefore = { link: { id: 1, list_id: 7, investor_id: 70 } };
const generalLink: LinkBefore = { link: { id: 2, list_id: null, investor_id: null } };
const links = new Map<string, LinkBefore>([
  ['row', rowLink],
  ['general', generalLink],
]);
const view = (id: number, linkId: number, seq = 0, counted = 0, toldAt: Date | null = null) => ({ id, link_id: linkId, last_seq: seq, counted_ms: counted, row_told_at: toldAt });

describe('a batch of beacons tallied by view', () => {
  it("sums each view's time by page, keeps the order pages were first read, and takes the last seq", () => {
    const [tally] = tallyViews([beacon('row', 10, 1, [[1, 4000], [2, 3000]], 10), beacon('row', 10, 2, [[2, 5000], [3, 0]], 20)], links, new Map([[10, view(10, 1)]]));
    expect(tally).toMatchObject({ seq: 2, addedMs: 12_000, readAt: at(20), at: at(20), firstTime: true, tell: true });
    const step = DECK_LIMITS.pagesPerBeacon + 1;
    expect([...tally.pages]).toEqual([
      [1, { ms: 4000, first_read: step }],
      [2, { ms: 8000, first_read: step + 1 }],
    ]);
  });

  it('counts nothing of a beacon not past the view (replayed, or counted by another instance), of a view gone, or of another link', () => {
    const views = new Map([
      [10, view(10, 1, 3, 9000, at(0))],
      [11, view(11, 2)],
    ]);
    const tallies = tallyViews(
      [beacon('row', 10, 3, [[1, 1000]], 5), beacon('row', 10, 2, [[1, 1000]], 6), beacon('row', 11, 1, [[1, 1000]], 7), beacon('row', 99, 1, [[1, 1000]], 8), beacon('gone', 10, 4, [[1, 1000]], 9)],
      links,
      views,
    );
    expect(tallies).toEqual([]);
  });

  it("moves a row's deck line on a view's first time read and then once a minute; a general link's never", () => {
    const told = at(0);
    const views = new Map([
      [10, view(10, 1, 1, 5000, told)],
      [11, view(11, 1, 1, 5000, new Date(told.getTime() - ROW_TELL_EVERY_MS))],
      [12, view(12, 2)],
    ]);
    const tallies = tallyViews([beacon('row', 10, 2, [[1, 1000]], 30), beacon('row', 11, 2, [[1, 1000]], 1), beacon('general', 12, 1, [[1, 1000]], 2)], links, views);
    expect(tallies.map((tally) => [tally.view.id, tally.firstTime, tally.tell])).toEqual([
      [10, false, false],
      [11, false, true],
      [12, true, false],
    ]);
  });

  it('takes a beacon that reads nothing for its seq alone', () => {
    const [tally] = tallyViews([beacon('row', 10, 1, [], 3)], links, new Map([[10, view(10, 1)]]));
    expect(tally).toMatchObject({ seq: 1, addedMs: 0, readAt: null, firstTime: false, tell: false, pages: new Map() });
  });
});
