import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ROUND_PATH, STARTUP_PATH } from '../../../shared/api-paths.js';
import { HttpError } from '../../plugins/error-handler.js';
import { localDay } from '../pipeline/days.js';
import { roundProgress } from './round.js';
import { getRoundSchema, getStartupSchema, putStartupSchema } from './schemas.js';
import { readStartup, saveStartup } from './startup-store.js';

export interface StartupOptions {
  /** The server's clock: what "now" and "today" are. */
  clock: () => Date;
}

// A close date outside these is a typo (and year 0 is no date PostgreSQL stores).
const EARLIEST_DAY = '2000-01-01';
const LATEST_DAY = '2999-12-31';

/** The founder's startup profile and the round's progress. Registered under /api/v1. */
export const startupModule: FastifyPluginAsyncTypebox<StartupOptions> = async (app, { clock }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(STARTUP_PATH, { schema: getStartupSchema }, async (request) => readStartup(app.db, request.userId));

  app.put(STARTUP_PATH, { schema: putStartupSchema }, async (request) => {
    const { changed_at, ...body } = request.body;
    const name = body.name.trim();
    if (name === '') throw new HttpError(422, "body 'name' must not be blank");
    const pitch = body.pitch?.trim() || null;
    if (body.close_on < EARLIEST_DAY || body.close_on > LATEST_DAY) {
      throw new HttpError(422, `body 'close_on' must be a date from ${EARLIEST_DAY} to ${LATEST_DAY}`);
    }
    const now = clock();
    const sentAt = changed_at === undefined ? now : new Date(changed_at);
    if (sentAt.toISOString() < EARLIEST_DAY) throw new HttpError(422, `body 'changed_at' must be after ${EARLIEST_DAY}`);
    return saveStartup(app.db, request.userId, { ...body, name, pitch }, sentAt > now ? now : sentAt);
  });

  app.get(ROUND_PATH, { schema: getRoundSchema }, async (request) =>
    roundProgress(app.db, request.userId, localDay(clock())),
  );
};
