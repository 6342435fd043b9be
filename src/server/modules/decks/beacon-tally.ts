// What a batch of accepted beacons adds to each view, worked out before a statement is written: so that a batch
// costs two reads and two writes however many beacons it holds. Pure: beacon-writes.ts reads and writes.
import { DECK_LIMITS } from '../../../shared/decks.js';
import type { AcceptedBeacon } from './beacon-queue.js';

/** How often a view moves the row's deck line after its first time read (each move is a row-changed event to every member). */
export const ROW_TELL_EVERY_MS = 60_000;

/** A view as the batch finds it (its row locked). */
export interface ViewBefore {
  id: number;
  link_id: number;
  last_seq: number;
  counted_ms: number;
  row_told_at: Date | null;
}

/** A beacon's link as the batch finds it: `link` says whose row it is for (none: a general link). */
export interface LinkBefore {
  link: { id: number; list_id: number | null; investor_id: number | null };
}

export interface ViewTally<Link extends LinkBefore, View extends ViewBefore> {
  link: Link;
  view: View;
  /** The last beacon counted, and when it was accepted. */
  seq: number;
  at: Date;
  /** Time the batch adds; when it last added some (null: none). */
  addedMs: number;
  readAt: Date | null;
  /** Time read per page, and the order each page was first read in (the first beacon naming it, then its place). */
  pages: Map<number, { ms: number; first_read: number }>;
  /** The view's first time read is in this batch. */
  firstTime: boolean;
  /** The row's deck line is to move (a row's link, its first time read, then at most each ROW_TELL_EVERY_MS). */
  tell: boolean;
}

/**
 * Each view's share of the batch, in the order beacons were accepted: a beacon whose link or view is gone, or whose
 * `seq` is not past the view's (counted meanwhile by another instance, or earlier in the batch), counts nothing.
 */
export function tallyViews<Link extends LinkBefore, View extends ViewBefore>(
  beacons: AcceptedBeacon[],
  linksByToken: Map<string, Link>,
  viewsById: Map<number, View>,
): ViewTally<Link, View>[] {
  const tallies = new Map<number, ViewTally<Link, View> & { countedMs: number; toldAt: Date | null }>();
  for (const { token, viewId, beacon, at } of beacons) {
    const link = linksByToken.get(token);
    const view = viewsById.get(viewId);
    if (!link || !view || view.link_id !== link.link.id) continue;
    let tally = tallies.get(viewId);
    if (!tally) {
      tally = { link, view, seq: view.last_seq, at, addedMs: 0, readAt: null, pages: new Map(), firstTime: false, tell: false, countedMs: view.counted_ms, toldAt: view.row_told_at };
      tallies.set(viewId, tally);
    }
    if (beacon.seq <= tally.seq) continue;
    const read = beacon.pages.filter((entry) => entry.ms > 0);
    const ms = read.reduce((sum, entry) => sum + entry.ms, 0);
    tally.seq = beacon.seq;
    tally.at = at;
    if (ms > 0) {
      if (tally.countedMs === 0) tally.firstTime = true;
      tally.countedMs += ms;
      tally.addedMs += ms;
      tally.readAt = at;
      const onRow = link.link.list_id !== null && link.link.investor_id !== null;
      if (onRow && (tally.toldAt === null || at.getTime() - tally.toldAt.getTime() >= ROW_TELL_EVERY_MS)) {
        tally.tell = true;
        tally.toldAt = at;
      }
    }
    read.forEach((entry, index) => {
      const page = tally.pages.get(entry.page);
      if (page) page.ms += entry.ms;
      else tally.pages.set(entry.page, { ms: entry.ms, first_read: beacon.seq * (DECK_LIMITS.pagesPerBeacon + 1) + index });
    });
  }
  return [...tallies.values()]
    .filter((tally) => tally.seq > tally.view.last_seq)
    .map(({ countedMs: _counted, toldAt: _told, ...tally }) => tally);
}
