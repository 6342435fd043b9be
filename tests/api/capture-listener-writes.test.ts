// Where a mail taken by SMTP is written: by the listener's own thread (thread-writer.ts), on PostgreSQL on a pool of
// its own, on PGlite on a connection of its own to the database's thread. Either way the list's live streams hear of
// it; a thread whose writes fail answers the mail 451 (tried again later, nothing written) and keeps listening.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, max } from 'drizzle-orm';
import { newPglite, ownConnection, type Database } from '../../src/server/db/client.js';
import { capturedMails, listEvents } from '../../src/server/db/schema.js';
import { captureListener } from '../../src/server/modules/capture/smtp-listener.js';
import { buildTestApp } from '../helpers/app.js';
import { captureFounder, investorAt, rawMail, rawSession, sendSmtp, type CaptureFounder } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { listWith } from '../helpers/pipeline.js';

let counter = 0;
const messageId = () => `<w${++counter}-${Date.now()}@acme.test>`;

async function until<T>(read: () => Promise<T> | T, holds: (value: T) => boolean, ms = 5000): Promise<T> {
  const ends = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value) || Date.now() > ends) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDatabases())('capture listener writes on $name', (kind) => {
  let app: FastifyInstance;
  let database: Database;
  let close: () => Promise<void>;
  let ada: CaptureFounder;
  let jane: number;
  let listId: number;

  beforeAll(async () => {
    ({ app, database, close } = await buildTestApp(kind, { rateLimit: false }));
    ada = await captureFounder(app);
    jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
    listId = await listWith(ada.call, 'investor', [jane]);
  });
  afterAll(() => close());

  const mail = (subject: string, id = messageId()) =>
    rawMail(`From: Ada <${ada.email}>`, 'To: jane@sequoia.test', `Subject: ${subject}`, `Message-ID: ${id}`, '', 'Hello');
  const lastEvent = async () =>
    Number((await app.db.select({ id: max(listEvents.id) }).from(listEvents).where(eq(listEvents.list_id, listId)))[0].id);

  it("tells the list's live streams of a mail taken, up to its last event", async () => {
    const port = await app.captureSmtp.listen(0, '127.0.0.1');
    const told: Array<{ listId: number; eventId: number } | null> = [];
    app.listFeed.subscribe((message) => told.push(message));
    const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, mail('Live'));
    expect(sent.response).toMatch(/^250 Taken \(1 row\)/);
    const last = await lastEvent();
    expect(await until(() => told, (seen) => seen.some((message) => message?.listId === listId && message.eventId === last))).toContainEqual({
      listId,
      eventId: last,
    });
    await app.captureSmtp.close();
  });

  it("answers 451 when the listener's writes fail, writes nothing, and keeps listening", async () => {
    // On PostgreSQL the thread's pool reaches no server (nothing listens on port 1); on PGlite its connection is to a
    // database that closes as the listener starts (it went away).
    const goes = kind.name === 'pglite' ? await newPglite({}) : null;
    const failing = captureListener({
      writer: app,
      log: app.log,
      captureDomain: app.config.captureDomain,
      limit: app.captureLimit,
      tokens: app.captureTokens,
      tls: undefined,
      answersAtOnce: 1,
      writesTo: kind.name === 'postgres' ? { url: 'postgres://postgres@127.0.0.1:1/nowhere' } : { connect: () => goes!.connect() },
      requestsInFlight: app.requestsInFlight,
    });
    const port = await failing.listen(0, '127.0.0.1');
    await goes?.close();
    try {
      const id = messageId();
      for (let attempt = 0; attempt < 2; attempt++) {
        const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, mail('Not now', id));
        expect(sent).toMatchObject({ ok: false, responseCode: 451 });
        expect(sent.response).toContain('could not be logged just now: try again later');
      }
      expect(await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id))).toHaveLength(0);
      expect(await rawSession(port, ['EHLO x\r\nNOOP\r\n'])).toMatch(/\r\n250 OK/);
      expect(failing.port).toBe(port);
    } finally {
      await failing.close();
    }
  });

  it("has the app's thread publish each change where the lists' feed is not PostgreSQL's", async () => {
    const published: Array<{ listId: number; eventId: number }> = [];
    const listener = captureListener({
      writer: { db: app.db, log: app.log, listFeed: { publish: async (listId, eventId) => void published.push({ listId, eventId }) } },
      log: app.log,
      captureDomain: app.config.captureDomain,
      limit: app.captureLimit,
      tokens: app.captureTokens,
      tls: undefined,
      answersAtOnce: 2,
      writesTo: ownConnection(database),
      requestsInFlight: app.requestsInFlight,
    });
    const port = await listener.listen(0, '127.0.0.1');
    try {
      const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, mail('Published'));
      expect(sent.response).toMatch(/^250 Taken \(1 row\)/);
      expect(await until(() => published, (seen) => seen.length > 0)).toEqual([{ listId, eventId: await lastEvent() }]);
    } finally {
      await listener.close();
    }
  });
});

describe.runIf(process.platform === 'linux')('capture listener priority', () => {
  /** The nice value of each thread of this process (Linux keeps one per thread). */
  const niceValues = () =>
    readdirSync('/proc/self/task').flatMap((task) => {
      try {
        return [Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16])];
      } catch {
        return [];
      }
    });

  it("runs its thread 10 nice steps below the app's (the searches' thread), and only that thread", async () => {
    const { app, close } = await buildTestApp(testDatabases()[0], { rateLimit: false });
    try {
      const mine = os.getPriority(0);
      const before = niceValues().filter((nice) => nice > mine).length;
      await app.captureSmtp.listen(0, '127.0.0.1');
      expect(os.getPriority(0)).toBe(mine);
      const after = niceValues().filter((nice) => nice === Math.min(19, mine + 10));
      expect(after.length).toBeGreaterThan(before);
    } finally {
      await close();
    }
  });
});


