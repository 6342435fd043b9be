// A link's views as visits, time per page, and what a beacon may count (decks/visits.ts).
import { describe, expect, it } from 'vitest';
import { DECK_LIMITS } from '../../src/shared/decks.js';
import { BEACON_SLACK_MS, ELAPSED_SLACK_MS, beaconProblem, groupVisits, pageTimes, summarize, toVisit, type ViewTimes } from '../../src/server/modules/decks/visits.js';

const T0 = Date.parse('2026-11-28T09:00:00Z');
const MINUTE = 60_000;

function view(startMin: number, readMin: number | null, pages: Array<[page: number, ms: number]> = [], email: string | null = null): ViewTimes {
  return {
    started_at: new Date(T0 + startMin * MINUTE),
    last_read_at: readMin === null ? null : new Date(T0 + readMin * MINUTE),
    counted_ms: pages.reduce((sum, [, ms]) => sum + ms, 0),
    email,
    pages: pages.map(([page, ms], index) => ({ page, ms, first_read: index })),
  };
}

describe('visits', () => {
  it('joins views that begin less than 10 minutes after the visit’s latest read, whatever order they come in', () => {
    const views = [view(31, 32), view(0, 5), view(14, 20), view(20.5, null)];
    expect(groupVisits(views).map((visit) => visit.map((v) => (v.started_at.getTime() - T0) / MINUTE))).toEqual([[0, 14, 20.5], [31]]);
  });

  it('counts the gap from the latest read of the visit, not from its first view’s', () => {
    // The first view was read until minute 9; the second, begun at 12, joins; a third at 25 is 13 after the last read (12's: read to 12).
    expect(groupVisits([view(0, 9), view(12, 12), view(25, 26)])).toHaveLength(2);
    expect(groupVisits([view(0, 9), view(12, 20), view(25, 26)])).toHaveLength(1);
  });

  it('starts a new visit exactly at the gap', () => {
    expect(groupVisits([view(0, 0), view(DECK_LIMITS.visitGapMs / MINUTE, null)])).toHaveLength(2);
    expect(groupVisits([view(0, 0), view(DECK_LIMITS.visitGapMs / MINUTE - 0.001, null)])).toHaveLength(1);
  });

  it('answers a visit’s pages in the order first read, with the time of each over its views', () => {
    const visit = toVisit([view(0, 2, [[2, 4000], [1, 3000]], 'a@x.test'), view(3, 4, [[3, 1000], [2, 500]])]);
    expect(visit).toEqual({
      started_at: new Date(T0).toISOString(),
      ended_at: new Date(T0 + 4 * MINUTE).toISOString(),
      email: 'a@x.test',
      total_ms: 8500,
      pages: [{ page: 2, ms: 4500 }, { page: 1, ms: 3000 }, { page: 3, ms: 1000 }],
    });
  });

  it('sums time per page of the version shown and counts a page reached after a second', () => {
    const views = [view(0, 1, [[1, 999], [2, 1000], [5, 4000]]), view(30, 31, [[1, 1], [3, 200]])];
    expect(pageTimes(views, 4)).toEqual([1000, 1000, 200, 0]);
    expect(summarize(views, 4)).toEqual({ visits: 2, total_ms: 6200, last_visit_at: new Date(T0 + 30 * MINUTE).toISOString(), pages_reached: 2, page_count: 4 });
    expect(summarize([], 4)).toEqual({ visits: 0, total_ms: 0, last_visit_at: null, pages_reached: 0, page_count: 4 });
  });
});

describe('what a beacon may count', () => {
  const most = DECK_LIMITS.beaconEveryMs + BEACON_SLACK_MS;
  const fresh = { pageCount: 10, countedMs: 0, elapsedMs: 60_000 };

  it('takes pages of the version, each and in all within a beacon’s time', () => {
    expect(beaconProblem([{ page: 1, ms: 6000 }, { page: 2, ms: 4000 }], fresh)).toBeNull();
    expect(beaconProblem([], fresh)).toBeNull();
    expect(beaconProblem([{ page: 10, ms: most }], fresh)).toBeNull();
    expect(beaconProblem([{ page: 11, ms: 1 }], fresh)).toMatch(/not a page/);
    expect(beaconProblem([{ page: 0, ms: 1 }], fresh)).toMatch(/not a page/);
    expect(beaconProblem([{ page: 1, ms: 1 }, { page: 1, ms: 1 }], fresh)).toMatch(/twice/);
    expect(beaconProblem([{ page: 1, ms: most + 1 }], fresh)).toMatch(/on a page/);
    expect(beaconProblem([{ page: 1, ms: most }, { page: 2, ms: 1 }], fresh)).toMatch(/in all/);
  });

  it('refuses durations that are not whole, finite and not negative', () => {
    for (const ms of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1.5, 2 ** 60]) {
      expect(beaconProblem([{ page: 1, ms }], fresh), String(ms)).toMatch(/at most/);
    }
  });

  it('never lets a view count more than the time since it began', () => {
    expect(beaconProblem([{ page: 1, ms: 5000 }], { pageCount: 10, countedMs: 55_000, elapsedMs: 60_000 })).toBeNull();
    expect(beaconProblem([{ page: 1, ms: 5000 + ELAPSED_SLACK_MS }], { pageCount: 10, countedMs: 55_000, elapsedMs: 60_000 })).toBeNull();
    expect(beaconProblem([{ page: 1, ms: 5001 + ELAPSED_SLACK_MS }], { pageCount: 10, countedMs: 55_000, elapsedMs: 60_000 })).toMatch(/longer than it has been open/);
    expect(beaconProblem([{ page: 1, ms: 2000 }], { pageCount: 10, countedMs: 0, elapsedMs: 500 })).toMatch(/longer than it has been open/);
  });
});
