import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `everyMs` while the app is open, without holding the process up; a sweep that fails is logged
 * (as `what`'s) and the next one tries again.
 */
export function sweepWhileOpen(app: FastifyInstance, everyMs: number, what: string, sweep: () => Promise<void>): void {
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => app.log.error({ err }, `${what}: the sweep failed`));
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
