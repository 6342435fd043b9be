// What a link's views add up to: visits (views with less than DECK_LIMITS.visitGapMs between them), time per page,
// and the checks a beacon passes before its time counts. Pure: the stores read the views and call these.
import { DECK_LIMITS, type DeckLinkSummary, type DeckVisit } from '../../../shared/decks.js';

/** How much later than the viewer's 10 s a beacon may come (a busy phone, a slow network), per page and in all. */
export const BEACON_SLACK_MS = DECK_LIMITS.beaconSlackMs;
/** What a view's total may exceed the time since it began by: the viewer's timers and the server's clock differ by that much. */
export const ELAPSED_SLACK_MS = 1_000;
/** A page counts as reached once read this long. */
export const PAGE_REACHED_MS = 1_000;

export interface ViewPage {
  page: number;
  ms: number;
  /** The order it was first read in, within its view. */
  first_read: number;
}

export interface ViewTimes {
  started_at: Date;
  /** The latest beacon that counted time; null while none did. */
  last_read_at: Date | null;
  counted_ms: number;
  email: string | null;
  pages: ViewPage[];
}

const endOf = (view: ViewTimes) => (view.last_read_at ?? view.started_at).getTime();

/** The views as visits, oldest first: a view that begins less than `gapMs` after the visit's latest read joins it. */
export function groupVisits(views: ViewTimes[], gapMs: number = DECK_LIMITS.visitGapMs): ViewTimes[][] {
  const visits: ViewTimes[][] = [];
  let end = -Infinity;
  for (const view of [...views].sort((a, b) => a.started_at.getTime() - b.started_at.getTime())) {
    const current = visits.at(-1);
    if (current && view.started_at.getTime() - end < gapMs) {
      current.push(view);
      end = Math.max(end, endOf(view));
    } else {
      visits.push([view]);
      end = endOf(view);
    }
  }
  return visits;
}

/** One visit as the founder reads it: its pages in the order first read, each with its time in the visit. */
export function toVisit(views: ViewTimes[]): DeckVisit {
  const times = new Map<number, number>();
  for (const view of views) {
    for (const entry of [...view.pages].sort((a, b) => a.first_read - b.first_read)) {
      times.set(entry.page, (times.get(entry.page) ?? 0) + entry.ms);
    }
  }
  return {
    started_at: views[0].started_at.toISOString(),
    ended_at: new Date(Math.max(...views.map(endOf))).toISOString(),
    email: views.find((view) => view.email !== null)?.email ?? null,
    total_ms: views.reduce((sum, view) => sum + view.counted_ms, 0),
    pages: [...times].map(([page, ms]) => ({ page, ms })),
  };
}

/** ms read per page over every view, for pages 1..pageCount (index 0 is page 1). */
export function pageTimes(views: ViewTimes[], pageCount: number): number[] {
  const times = new Array<number>(pageCount).fill(0);
  for (const view of views) {
    for (const entry of view.pages) if (entry.page <= pageCount) times[entry.page - 1] += entry.ms;
  }
  return times;
}

export function summarize(views: ViewTimes[], pageCount: number): DeckLinkSummary {
  const visits = groupVisits(views);
  return {
    visits: visits.length,
    total_ms: views.reduce((sum, view) => sum + view.counted_ms, 0),
    last_visit_at: visits.at(-1)?.[0].started_at.toISOString() ?? null,
    pages_reached: pageTimes(views, pageCount).filter((ms) => ms >= PAGE_REACHED_MS).length,
    page_count: pageCount,
  };
}

/**
 * Why a beacon's times cannot count (a 422's detail), or null: a page outside the version shown, a page twice,
 * more than a beacon's interval on a page or in all, or a view's total past the time since it began.
 */
export function beaconProblem(
  pages: Array<{ page: number; ms: number }>,
  view: { pageCount: number; countedMs: number; elapsedMs: number },
): string | null {
  const most = DECK_LIMITS.beaconEveryMs + BEACON_SLACK_MS;
  const seen = new Set<number>();
  let sum = 0;
  for (const { page, ms } of pages) {
    if (!Number.isSafeInteger(page) || page < 1 || page > view.pageCount) return `Page ${page} is not a page of this deck (1 to ${view.pageCount})`;
    if (seen.has(page)) return `Page ${page} is named twice`;
    seen.add(page);
    if (!Number.isSafeInteger(ms) || ms < 0 || ms > most) return `A beacon counts at most ${most} ms on a page`;
    sum += ms;
  }
  if (sum > most) return `A beacon counts at most ${most} ms in all`;
  if (view.countedMs + sum > view.elapsedMs + ELAPSED_SLACK_MS) return 'This view cannot have been read longer than it has been open';
  return null;
}
