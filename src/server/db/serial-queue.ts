import { hasPriority } from './priority-lane.js';

/**
 * Runs tasks one at a time, in the order they were asked for, each started from a macrotask of its own; a task asked
 * for in the priority lane (withPriority) goes before those waiting, but never takes two turns in a row while others
 * wait, so no flood of them can hold the rest back.
 *
 * In front of the app's one connection to PGlite (pglite-thread.ts): a transaction's statements keep it to themselves,
 * the priority lane goes first, and the rest wait in line, fairly, never timed out or refused. Each task starts from a
 * macrotask of its own, so the loop reads and answers requests between any two however long the line. (When PGlite
 * ran on this thread, its own lock handed it from one waiting query to the next in a chain of microtasks, and under a
 * few hundred concurrent searchers new connections waited seconds to be accepted.)
 */
export class SerialQueue {
  private readonly line: Array<() => void> = [];
  private readonly priority: Array<() => void> = [];
  private busy = false;
  private lastWasPriority = false;
  private count = 0;

  /** How many tasks are queued or running. */
  get length(): number {
    return this.count;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    this.count++;
    return new Promise<T>((resolve, reject) => {
      const start = () =>
        task()
          .then(resolve, reject)
          .finally(() => {
            this.count--;
            this.startNext();
          });
      (hasPriority() ? this.priority : this.line).push(start);
      if (!this.busy) {
        this.busy = true;
        this.startNext();
      }
    });
  }

  private startNext(): void {
    const takePriority = this.priority.length > 0 && !(this.lastWasPriority && this.line.length > 0);
    const start = takePriority ? this.priority.shift() : (this.line.shift() ?? this.priority.shift());
    this.lastWasPriority = takePriority;
    if (!start) {
      this.busy = false;
      return;
    }
    setImmediate(start);
  }
}
