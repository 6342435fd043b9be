// How a change to a list reaches the live streams of every instance: a small message (list id, event id)
// after the change commits; each stream then reads the events themselves from list_events. PostgreSQL's
// LISTEN/NOTIFY on a connection of its own, Redis pub/sub with REDIS_URL, and on PGlite (one process) an
// in-process emitter.
import { EventEmitter } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Db } from '../../db/client.js';

export const FEED_CHANNEL = 'fundscape_list_events';

/** Told of a list's newest event id; `null` after a reconnection: anything may have been missed. */
export type FeedListener = (message: { listId: number; eventId: number } | null) => void;

export interface ListFeed {
  /** Tells every instance, this one included, that the list has events up to `eventId`. */
  publish(listId: number, eventId: number): Promise<void>;
  /**
   * PostgreSQL's feed only: the statement that tells every instance what publish does, run inside the change's own
   * transaction (NOTIFY is sent as it commits, never if it rolls back), so the telling costs no transaction (and no
   * WAL flush) of its own.
   */
  notifyOnCommit?(listId: number, eventId: number): SQL;
  subscribe(listener: FeedListener): void;
  close(): Promise<void>;
}

function parse(payload: string): { listId: number; eventId: number } | null {
  const [listId, eventId] = payload.split(':').map(Number);
  return Number.isInteger(listId) && Number.isInteger(eventId) ? { listId, eventId } : null;
}

const payloadOf = (listId: number, eventId: number) => `${listId}:${eventId}`;

/** PostgreSQL's feed's message, as an expression of a statement: every instance told as its transaction commits. */
export const notifyStatement = (listId: number, eventId: number): SQL => sql`pg_notify(${FEED_CHANNEL}, ${payloadOf(listId, eventId)})`;

/** One process (PGlite): the message never leaves it. */
export function inProcessFeed(): ListFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(listId, eventId) {
      emitter.emit('message', { listId, eventId });
    },
    subscribe(listener) {
      emitter.on('message', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const RECONNECT_MS = 1000;

/**
 * NOTIFY through the app's pool; LISTEN on a dedicated connection (a pooled one would be handed to other
 * statements), opened again a second after it drops, then every listener told to look for what it missed.
 */
export function postgresFeed(url: string, db: Db): ListFeed {
  const listeners: FeedListener[] = [];
  const tell = (message: Parameters<FeedListener>[0]) => listeners.forEach((listener) => listener(message));
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Whether LISTEN was in place before: if so, a new connection may have missed messages. */
  let listenedBefore = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    const again = () => {
      if (closed || client !== next) return;
      client = null;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', again);
    next.on('end', again);
    next.on('notification', (message) => {
      const parsed = message.payload ? parse(message.payload) : null;
      if (parsed) tell(parsed);
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${FEED_CHANNEL}`);
      if (listenedBefore) tell(null);
      listenedBefore = true;
    } catch {
      again();
    }
  };
  const started = connect();
  const notify = notifyStatement;

  return {
    async publish(listId, eventId) {
      await db.execute(sql`SELECT ${notify(listId, eventId)}`);
    },
    notifyOnCommit: notify,
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await started;
      await client?.end().catch(() => {});
    },
  };
}

/** PUBLISH on one connection, SUBSCRIBE on another (a subscribed connection does nothing else). */
export function redisFeed(url: string): ListFeed {
  const options = { maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  const listeners: FeedListener[] = [];
  let ready = false;
  // ioredis subscribes again by itself after a reconnection; what was published meanwhile is looked for.
  subscriber.on('ready', () => {
    if (ready) listeners.forEach((listener) => listener(null));
    ready = true;
  });
  subscriber.on('message', (_channel: string, payload: string) => {
    const parsed = parse(payload);
    if (parsed) listeners.forEach((listener) => listener(parsed));
  });
  const subscribed = subscriber.subscribe(FEED_CHANNEL);
  return {
    async publish(listId, eventId) {
      await publisher.publish(FEED_CHANNEL, payloadOf(listId, eventId));
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      await subscribed.catch(() => {});
      await Promise.all([publisher, subscriber].map((redis) => redis.quit().catch(() => redis.disconnect())));
    },
  };
}
