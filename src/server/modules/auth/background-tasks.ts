import type { FastifyBaseLogger } from 'fastify';

export interface BackgroundTasks {
  /** Runs the task after the answer has gone; a failure is logged, never thrown. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves once every task started so far has finished (used when the server closes). */
  settled(): Promise<void>;
}

/**
 * Work the caller must not wait for: the answer to "forgot password" has to be the same, and as fast,
 * for an address with an account and one without, so the lookup and the mail happen afterwards.
 */
export function createBackgroundTasks(log: FastifyBaseLogger): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      // Started on a later turn of the event loop, so not even its first synchronous step delays the answer.
      const running = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err }, `background task failed: ${name}`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
