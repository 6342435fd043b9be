/**
 * Runs tasks one at a time, in the order they were asked for, each started from a macrotask of its own.
 *
 * In front of PGlite's single connection: its own lock hands the connection from one waiting query to
 * the next in a chain of microtasks, so while queries queue up the event loop never gets a turn — new
 * connections wait to be accepted and requests to be read for seconds, and under a few hundred
 * concurrent searchers some time out. Here every query is one turn of the loop: the server keeps
 * reading and answering while the queue drains, so a busy moment costs waiting in line, fairly, and
 * no query is ever timed out or refused.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  /** How many tasks are queued or running. */
  get length(): number {
    return this.waiting;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.waiting++;
    const result = this.tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(task);
    const settled = result.then(
      () => this.waiting--,
      () => this.waiting--,
    );
    this.tail = settled;
    return result;
  }
}
