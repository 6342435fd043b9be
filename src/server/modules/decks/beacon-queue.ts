// Beacons answered once checked, and written a batch at a time: a reader's beacon waits for its rate limit and one
// read, never for the writes that count it (a dozen statements, in line behind every founder's search on PGlite's
// one connection or a busy pool).
import type { DeckBeacon } from '../../../shared/decks.js';

/** A beacon that passed every check, waiting to be written. */
export interface AcceptedBeacon {
  token: string;
  viewId: number;
  beacon: DeckBeacon;
  at: Date;
}

/** What this instance has accepted of a view: its latest `seq` and the time counted with it. */
interface ViewTally {
  seq: number;
  countedMs: number;
  at: number;
}

/** How long after its last beacon a view's tally is kept (the app's clock): past that, the database holds all of it. */
const TALLY_KEPT_MS = 5 * 60_000;

export class BeaconQueue {
  private pending: AcceptedBeacon[] = [];
  private tallies = new Map<number, ViewTally>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (beacons: AcceptedBeacon[]) => Promise<void>,
    private readonly everyMs: number,
  ) {}

  /**
   * The view as the checks must see it: the database's `seq` and time, or what this instance accepted beyond them
   * (written or not yet), whichever is further on. Both only grow, so the larger is never an undercount.
   */
  view(viewId: number, stored: { seq: number; countedMs: number }): { seq: number; countedMs: number } {
    const tally = this.tallies.get(viewId);
    if (!tally) return stored;
    return { seq: Math.max(stored.seq, tally.seq), countedMs: Math.max(stored.countedMs, tally.countedMs) };
  }

  /** Queues a checked beacon; `countedMs` is the view's time with it. Written within `everyMs`. */
  accept(accepted: AcceptedBeacon, countedMs: number): void {
    this.tallies.set(accepted.viewId, { seq: accepted.beacon.seq, countedMs, at: accepted.at.getTime() });
    this.pending.push(accepted);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Writes what is queued, after any write under way: resolves once every beacon accepted so far is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      await this.write(batch);
      this.forgetBefore(Math.max(...batch.map((accepted) => accepted.at.getTime())) - TALLY_KEPT_MS);
    });
    return this.writing;
  }

  /** Kept a while after they are written, for a check that read the database just before the write landed. */
  private forgetBefore(time: number): void {
    for (const [viewId, tally] of this.tallies) if (tally.at < time) this.tallies.delete(viewId);
  }
}
