// Statements that go ahead of the line on PGlite's one connection (SerialQueue): a deck reader's beacon is answered
// within the 100 ms it is owed while every founder's search waits its turn. On PostgreSQL the pool has no line of
// ours to jump, and needs none: a beacon's two statements are short.
import { AsyncLocalStorage } from 'node:async_hooks';

const lane = new AsyncLocalStorage<true>();

/** Runs `work` with every statement it makes (awaited or not) in the priority lane. */
export function withPriority<T>(work: () => Promise<T>): Promise<T> {
  return lane.run(true, work);
}

/** Whether the statement being queued now was made in the priority lane. */
export function hasPriority(): boolean {
  return lane.getStore() === true;
}
