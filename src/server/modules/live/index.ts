import type { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { TEAM_MESSAGES } from '../../../shared/teams.js';
import type { Database } from '../../db/client.js';
import { HttpError } from '../../plugins/error-handler.js';
import { liveSessions, SESSION_ENDED } from '../auth/sessions.js';
import { listAccess } from '../lists/list-access.js';
import { sweepEvents } from './event-store.js';
import { inProcessFeed, type ListFeed, postgresFeed, redisFeed } from './feed.js';
import type { StreamTiming } from './feed-streams.js';
import { ListStreams } from './list-streams.js';
import { MyListsStreams } from './my-lists-streams.js';
import { eventsSchema, myListsEventsSchema, myListsTicketSchema, ticketSchema } from './schemas.js';
import { sweepSlots } from './stream-slots.js';
import { TICKET_RATE } from './ticket-rate.js';
import { MY_LISTS, readEventsTicket, signEventsTicket, spendTicket, sweepSpentTickets, type StreamAccess } from './tickets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells every instance's streams of a list that it changed. */
    listFeed: ListFeed;
    /** This instance's open event streams. */
    liveStreams: ListStreams;
    /** This instance's open streams of users' own lists. */
    myListsStreams: MyListsStreams;
  }
}

export interface LiveOptions extends StreamTiming {
  database: Database;
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
export const liveService = fp(async (app: FastifyInstance, { database, ...timing }: LiveOptions) => {
  const feed = feedFor(app, database);
  const streams = new ListStreams(app.db, feed, app.log, timing);
  const myLists = new MyListsStreams(app.db, feed, app.log, timing);
  app.decorate('listFeed', feed);
  app.decorate('liveStreams', streams);
  app.decorate('myListsStreams', myLists);
  const sweep = setInterval(() => {
    for (const sweepOne of [sweepEvents, sweepSlots, sweepSpentTickets]) sweepOne(app.db).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  app.addHook('preClose', async () => {
    streams.closeAll();
    myLists.closeAll();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await Promise.all([streams.released(), myLists.released()]);
    await feed.close();
  });
});

/**
 * The bearer token, or for an events call a ticket in the query (EventSource cannot send headers), once, and
 * only while the session it was asked in is still on.
 */
async function authenticateStream(app: FastifyInstance, request: FastifyRequest) {
  const { ticket } = request.query as { ticket?: unknown };
  if (typeof ticket !== 'string' || request.headers.authorization !== undefined) return app.authenticate(request);
  const { id } = request.params as { id?: string };
  const listId = id === undefined ? MY_LISTS : Number(id);
  const claims = await readEventsTicket(app.config.jwtSecret, ticket, listId);
  if (claims === null || !(await spendTicket(app.db, claims))) throw new HttpError(401, TEAM_MESSAGES.ticketInvalid);
  if (!(await liveSessions(app.db, [claims.access.sessionId])).has(claims.access.sessionId)) throw new HttpError(401, SESSION_ENDED);
  request.userId = claims.userId;
  request.sessionId = claims.access.sessionId;
  request.accessEndsAt = claims.access.endsAt;
}

/** The access a stream lives with: every authenticated caller has a session (authenticate refuses a token without). */
function accessOf(request: FastifyRequest): StreamAccess {
  if (request.sessionId === null) throw new HttpError(401, TEAM_MESSAGES.ticketInvalid);
  return { sessionId: request.sessionId, endsAt: request.accessEndsAt };
}

/** Sends an event stream; once it ends, so does its HTTP/1.1 connection (an idle one would keep a closing server waiting). */
function sendStream(request: FastifyRequest, reply: FastifyReply, stream: PassThrough) {
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  if (request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
  // The schema types the body as the text it is on the wire; Fastify sends a stream as it comes.
  return reply.send(stream as unknown as string);
}

/** GET /api/v1/lists/{id}/events and POST …/events/ticket; GET /api/v1/lists/events and its ticket. */
export const liveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/lists/events', { schema: myListsEventsSchema, onRequest: (request) => authenticateStream(app, request) }, async (request, reply) => {
    if (app.draining) throw new HttpError(503, 'This server is shutting down: connect again');
    return sendStream(request, reply, await app.myListsStreams.open(request.userId, accessOf(request)));
  });

  app.post('/lists/events/ticket', { schema: myListsTicketSchema, onRequest: app.authenticate, preHandler: app.rateLimited(TICKET_RATE) }, async (request) =>
    signEventsTicket(app.config.jwtSecret, request.userId, accessOf(request), MY_LISTS),
  );

  app.get(
    '/lists/:id/events',
    { schema: eventsSchema, onRequest: (request) => authenticateStream(app, request) },
    async (request, reply) => {
      if (app.draining) throw new HttpError(503, 'This server is shutting down: connect again');
      const listId = request.params.id;
      const header = request.headers['last-event-id'];
      const lastEventId = header !== undefined ? Number(header) : (request.query.last_event_id ?? null);
      return sendStream(request, reply, await app.liveStreams.open(listId, request.userId, accessOf(request), lastEventId));
    },
  );

  app.post('/lists/:id/events/ticket', { schema: ticketSchema, onRequest: app.authenticate, preHandler: app.rateLimited(TICKET_RATE) }, async (request) => {
    await listAccess(app.db, request.userId, request.params.id, 'read');
    return signEventsTicket(app.config.jwtSecret, request.userId, accessOf(request), request.params.id);
  });
};
