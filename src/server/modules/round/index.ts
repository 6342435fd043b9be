import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { postgresPool } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import { sweepWhileOpen } from '../../plugins/sweep-while-open.js';
import { listAccess } from '../lists/list-access.js';
import { canonicalTimeZone } from './round-rules.js';
import { roundFigureByList, roundFigureRows } from './round-rows.js';
import { ListParts, sweepStoredParts } from './list-parts.js';
import { roundSummary } from './round-summary.js';
import { readRound, SummaryCache } from './summary-cache.js';
import { roundRowsSchema, roundSummarySchema } from './schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    roundParts: ListParts;
  }
}

export interface RoundOptions {
  /** The server's clock: what "now" is to the figures. */
  clock: () => Date;
}

export const ROUND_SUMMARY_PATH = '/round/summary';
export const ROUND_ROWS_PATH = '/round/rows';
/** How often the stored parts too old to be used are deleted. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

function timeZone(tz: string): string {
  const zone = canonicalTimeZone(tz);
  if (zone === null) throw new HttpError(422, `querystring 'tz' must be an IANA time zone such as Europe/Berlin, not '${tz}'`);
  return zone;
}

/**
 * The one investor list a caller on it asks for (any role: a shared list's figures are the team's), with its owner:
 * anyone else gets the lists' 404, whatever the id; a fund list is a 422.
 */
async function investorList(app: Parameters<FastifyPluginAsyncTypebox>[0], userId: number, listId: number) {
  const { list } = await listAccess(app.db, userId, listId, 'read');
  if (list.list_type !== 'investor') throw new HttpError(422, 'The Round page sums investor lists; this is a fund list');
  return list;
}

/**
 * The lists' parts the Round page's calls sum (app.roundParts), kept by the instance, stored before it closes: one
 * for the app, so that what a call counted can be waited for (a test that deletes what is stored, first).
 */
export const roundService = fp(async (app: FastifyInstance) => {
  // Counted in two statements side by side on PostgreSQL (its connections run on two cores); PGlite runs one at a time.
  const sideBySide = postgresPool(app.db) ? 2 : 1;
  const parts = new ListParts((error) => app.log.error({ err: error }, "round: storing the lists' parts"), sideBySide);
  app.decorate('roundParts', parts);
  app.addHook('onClose', () => parts.storeCounted(app.db));
});

/** The Round page (issue 48): its figures and the rows behind each. Registered under /api/v1. */
export const roundModule: FastifyPluginAsyncTypebox<RoundOptions> = async (app, { clock }) => {
  app.addHook('onRequest', app.authenticate);

  const summaries = new SummaryCache();
  const parts = app.roundParts;
  // The parts a call counted are stored once it is answered.
  app.addHook('onResponse', async () => {
    void parts.storeCounted(app.db);
  });
  sweepWhileOpen(app, SWEEP_EVERY_MS, 'round: stored parts', () => sweepStoredParts(app.db, clock()));

  app.get(ROUND_SUMMARY_PATH, { schema: roundSummarySchema }, async (request) => {
    const { list_id: listId, cold_days: coldDays } = request.query;
    const tz = timeZone(request.query.tz);
    const list = listId === undefined ? null : await investorList(app, request.userId, listId);
    const scope = list ? { listId: list.id } : { ownerId: request.userId };
    const targetOf = list ? list.user_id : request.userId;
    const key = JSON.stringify([scope, coldDays, tz]);
    const now = clock();
    // Read before the figures: a change committed in between makes the next call count anew.
    const read = await readRound(app.db, scope, targetOf);
    const kept = summaries.get(key, read.version, now);
    if (kept) return kept;
    const summary = await roundSummary(app.db, { scope, targetOf, coldDays, tz, now }, read, parts);
    summaries.set(key, read.version, summary);
    return summary;
  });

  app.get(ROUND_ROWS_PATH, { schema: roundRowsSchema }, async (request) => {
    const { list_id: listId, figure, cold_days: coldDays, type = null } = request.query;
    const tz = timeZone(request.query.tz);
    const at = { coldDays, tz, now: clock() };
    if (listId === undefined) {
      const scope = { ownerId: request.userId };
      const read = await readRound(app.db, scope, request.userId);
      const byList = await roundFigureByList(app.db, { ...at, scope, targetOf: request.userId }, read, parts, figure, type);
      return { list_id: null, figure, type, by_list: byList };
    }
    await investorList(app, request.userId, listId);
    const investorIds = await roundFigureRows(app.db, listId, figure, at, type);
    return { list_id: listId, figure, type, investor_ids: investorIds };
  });
};
