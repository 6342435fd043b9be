import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { TEAM_MESSAGES } from '../../../shared/teams.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import { listAccess } from '../lists/list-access.js';
import { sweepEvents } from './event-store.js';
import { inProcessFeed, type ListFeed, postgresFeed, redisFeed } from './feed.js';
import { ListStreams } from './list-streams.js';
import { eventsSchema, ticketSchema } from './schemas.js';
import { readEventsTicket, signEventsTicket } from './tickets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells every instance's streams of a list that it changed. */
    listFeed: ListFeed;
    /** This instance's open event streams. */
    liveStreams: ListStreams;
  }
}

export interface LiveOptions {
  database: Database;
  heartbeatMs: number;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

function feedFor(app: FastifyInstance, database: Database): ListFeed {
  if (app.config.redisUrl) return redisFeed(app.config.redisUrl);
  if (database.url) return postgresFeed(database.url, app.db);
  return inProcessFeed();
}

/**
 * The live changes of lists: the feed between instances (Redis with REDIS_URL, else PostgreSQL's
 * LISTEN/NOTIFY, else within the process on PGlite) and this instance's streams. Every stream ends when the
 * server closes, before it waits for requests in flight (an event stream would never finish by itself).
 */
export const liveService = fp(async (app: FastifyInstance, { database, heartbeatMs }: LiveOptions) => {
  const feed = feedFor(app, database);
  const streams = new ListStreams(app.db, feed, app.log, heartbeatMs);
  app.decorate('listFeed', feed);
  app.decorate('liveStreams', streams);
  const sweep = setInterval(() => sweepEvents(app.db).catch(() => {}), SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await feed.close();
  });
});

/** The bearer token, or for the events call a ticket in the query (EventSource cannot send headers). */
async function authenticateStream(app: FastifyInstance, request: FastifyRequest) {
  const { ticket } = request.query as { ticket?: unknown };
  if (typeof ticket !== 'string' || request.headers.authorization !== undefined) return app.authenticate(request);
  const listId = Number((request.params as { id?: string }).id);
  const userId = await readEventsTicket(app.config.jwtSecret, ticket, listId);
  if (userId === null) throw new HttpError(401, TEAM_MESSAGES.ticketInvalid);
  request.userId = userId;
}

/** GET /api/v1/lists/{id}/events and POST …/events/ticket. */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/lists/:id/events',
    { schema: eventsSchema, onRequest: (request) => authenticateStream(app, request) },
    async (request, reply) => {
      if (app.draining) throw new HttpError(503, 'This server is shutting down: connect again');
      const listId = request.params.id;
      await listAccess(app.db, request.userId, listId, 'read');
      const header = request.headers['last-event-id'];
      const lastEventId = header !== undefined ? Number(header) : (request.query.last_event_id ?? null);
      const stream = await app.liveStreams.open(listId, request.userId, lastEventId);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no');
      // A stream holds its HTTP/1.1 connection for its whole life: once it ends, so does the connection (an idle
      // one left behind would keep a closing server waiting).
      if (request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
      // The schema types the body as the text it is on the wire; Fastify sends a stream as it comes.
      return reply.send(stream as unknown as string);
    },
  );

  app.post('/lists/:id/events/ticket', { schema: ticketSchema, onRequest: app.authenticate }, async (request) => {
    await listAccess(app.db, request.userId, request.params.id, 'read');
    return signEventsTicket(app.config.jwtSecret, request.userId, request.params.id);
  });
};
