/**
 * Time read per page: the page in view gathers time while the document is visible, none while it is hidden.
 * `take` hands over what was read since it was last called, which a beacon sends. Times are the caller's clock
 * (performance.now() in the viewer), so a test drives it with numbers.
 */
export class ReadingClock {
  private page: number | null = null;
  private since = 0;
  private visible = true;
  private readonly read = new Map<number, number>();

  constructor(now: number) {
    this.since = now;
  }

  /** The page in view from now on. */
  show(page: number, now: number): void {
    this.settle(now);
    this.page = page;
  }

  /** The document was hidden (another tab, a locked phone) or shown again. */
  setVisible(visible: boolean, now: number): void {
    this.settle(now);
    this.visible = visible;
  }

  /** What was read since the last take, page by page in the order first read; at most `capMs` in all. */
  take(now: number, capMs = Infinity): Array<{ page: number; ms: number }> {
    this.settle(now);
    let room = capMs;
    const pages: Array<{ page: number; ms: number }> = [];
    for (const [page, ms] of this.read) {
      const counted = Math.min(Math.round(ms), room);
      room -= counted;
      if (counted > 0) pages.push({ page, ms: counted });
    }
    this.read.clear();
    return pages;
  }

  private settle(now: number): void {
    if (this.visible && this.page !== null && now > this.since) {
      this.read.set(this.page, (this.read.get(this.page) ?? 0) + (now - this.since));
    }
    this.since = now;
  }
}
