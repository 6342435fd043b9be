// The listener's thread writes each mail itself instead of asking the app's thread: a mail's statements, their results
// and drizzle's building of them were most of the app's event-loop time for a mail (about 4 ms of 5 on PostgreSQL),
// and every request (a founder's search) waited behind them. On PostgreSQL it writes on a pool of its own; on PGlite
// on a connection of its own to the database's thread, whose statements wait for the app's (db/pglite-thread.ts).
// The app's thread still answers RCPT (the token's account, kept a few seconds and forgotten on a rotation; the
// hourly limit), and publishes a change where the lists' feed is not PostgreSQL's. A mail is still written in one
// transaction, `atOnce` at a time.
import type { FastifyBaseLogger } from 'fastify';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { pgliteDrizzle, type Db } from '../../db/client.js';
import { PgliteConnection } from '../../db/pglite-thread.js';
import * as schema from '../../db/schema.js';
import { notifyStatement } from '../live/feed.js';
import { answerMail, type Addressed } from './answer-mail.js';
import type { CaptureWriter } from './capture-store.js';
import type { ListenerSettings, SmtpAnswer } from './listener-messages.js';
import { MailLane } from './mail-lane.js';
import { CAPTURE_CONNECTION_SETTINGS } from './named-statements.js';
import type { ReadMail } from './read-mail.js';

export interface ThreadWriter {
  answer(addressed: Addressed[], read: ReadMail): Promise<SmtpAnswer>;
  close(): Promise<void>;
}

/**
 * The thread's writer: its pool (`atOnce` connections) or PGlite connection, its lane, and a feed that tells the lists' streams in the
 * mail's own statement (PostgreSQL's feed) or posts each change to the app's thread (`publish`). `failed` hears of a
 * mail whose writes failed (answered 451).
 */
export function threadWriter(
  writes: NonNullable<ListenerSettings['writes']>,
  captureDomain: string,
  publish: (listId: number, eventId: number) => void,
  failed: (error: unknown) => void,
  requestsInFlight: Int32Array,
): ThreadWriter {
  const { database } = writes;
  let db: Db;
  let close: () => Promise<void>;
  if ('pglite' in database) {
    db = pgliteDrizzle(new PgliteConnection(database.pglite)) as unknown as Db;
    close = async () => database.pglite.close();
  } else {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: writes.atOnce,
      options: Object.entries(CAPTURE_CONNECTION_SETTINGS)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    });
    // An idle connection the server ends is dropped by the pool (a new one is opened when needed), never a crash.
    pool.on('error', () => {});
    db = drizzle(pool, { schema }) as unknown as Db;
    close = () => pool.end();
  }
  const lane = new MailLane(writes.atOnce);
  const writer: CaptureWriter = {
    db,
    listFeed: {
      notifyOnCommit: writes.notifyOnCommit ? notifyStatement : undefined,
      publish: async (listId, eventId) => publish(listId, eventId),
    },
    // publishChanges logs a failure to publish; the thread's publish posts a message, which does not fail.
    log: { error: (_details: unknown, message: string) => failed(new Error(message)) } as unknown as FastifyBaseLogger,
  };
  return {
    answer: (addressed, read) => lane.run(() => answerMail(writer, captureDomain, addressed, read, failed, requestsInFlight)),
    close,
  };
}
