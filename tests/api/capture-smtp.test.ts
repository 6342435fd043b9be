// The capture listener over real SMTP (Nodemailer to 127.0.0.1, the capture address in the envelope only, as a
// BCC is): a mail of hers logged on every row it matches, once; a forward logs the original; every refusal exact.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { captureAddresses, capturedMails, listInvestors, rateLimitCounters, rowTouches } from '../../src/server/db/schema.js';
import { CAPTURE_API, CAPTURE_LIMITS } from '../../src/shared/capture.js';
import { buildTestApp, twoInstancesOnPostgres } from '../helpers/app.js';
import { captureFounder, investorAt, rawMail, rawSession, sendSmtp, type CaptureFounder } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { localCertificate } from '../helpers/local-certificate.js';
import { listWith } from '../helpers/pipeline.js';

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const messageId = () => `<m${++counter}-${Date.now()}@acme.test>`;

/** Polls until `check` holds (the listener answers only once the mail is written; this is a safety net). */
async function rowOf(app: FastifyInstance, listId: number, investorId: number) {
  const [row] = await app.db
    .select()
    .from(listInvestors)
    .where(and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, investorId)));
  return row;
}

const touchesOn = (app: FastifyInstance, listId: number, investorId: number) =>
  app.db.select().from(rowTouches).where(and(eq(rowTouches.list_id, listId), eq(rowTouches.investor_id, investorId)));

describe.each(testDatabases())('capture by SMTP on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let port: number;
  let ada: CaptureFounder;
  let jane: number;
  let li: number;
  let other: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    port = await app.captureSmtp.listen(0, '127.0.0.1');
    ada = await captureFounder(app);
    jane = await investorAt(app, 'Jane', 'Jane@Sequoia.test', 'https://www.sequoia.test');
    li = await investorAt(app, 'Li', 'li@northzone.test', 'northzone.test');
    other = await investorAt(app, 'Omar', 'omar@other.test', 'other.test');
  });
  afterAll(() => close());

  const fromAda = (to: string, subject: string, id = messageId(), extra: string[] = []) =>
    rawMail(`From: Ada <${ada.email}>`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: ${id}`, 'Date: ' + new Date(Date.now() - 60_000).toUTCString(), ...extra, '', 'Hello, here is our deck. '.repeat(20));

  it('logs a BCC of her mail on each matched row of every list (exact and likely): Contacted, last contacted, a follow-up', async () => {
    const first = await listWith(ada.call, 'investor', [jane, li, other]);
    const second = await listWith(ada.call, 'investor', [jane]);
    const id = messageId();
    const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, fromAda('jane@sequoia.test, partner@northzone.test', 'Acme seed round', id));
    expect(sent, sent.response).toMatchObject({ ok: true });
    for (const [listId, investorId, match] of [[first, jane, 'exact'], [second, jane, 'exact'], [first, li, 'likely']] as const) {
      const row = await rowOf(app, listId, investorId);
      expect(row.stage).toBe('contacted');
      expect(row.last_contacted_at).not.toBeNull();
      expect(row.follow_up_on).not.toBeNull();
      const touches = await touchesOn(app, listId, investorId);
      expect(touches).toHaveLength(1);
      expect(touches[0]).toMatchObject({ kind: 'email_sent', subject: 'Acme seed round', shared: false, match, message_id: id });
      expect(touches[0].body.length).toBeLessThanOrEqual(CAPTURE_LIMITS.snippetChars);
    }
    expect(await rowOf(app, first, other)).toMatchObject({ stage: 'lead', last_contacted_at: null });
    // The list's API shows the row changed.
    const items = (await ada.call('GET', `/lists/${first}/items`)).json() as Array<{ id: number; pipeline: { stage: string } }>;
    expect(items.find((item) => item.id === jane)!.pipeline.stage).toBe('contacted');

    // An SMTP retry of the same mail logs nothing more.
    expect((await sendSmtp(port, { from: ada.email, to: [ada.address] }, fromAda('jane@sequoia.test', 'Acme seed round', id))).ok).toBe(true);
    expect(await touchesOn(app, first, jane)).toHaveLength(1);
    const mails = await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'logged', direction: 'sent' });
  });

  it('logs a forward of an investor’s reply as the original, received: answered, linked to what it answers', async () => {
    const listId = await listWith(ada.call, 'investor', [jane]);
    const forward = rawMail(
      `From: Ada <${ada.email}>`, `To: ${ada.address}`, 'Subject: Fwd: Re: Acme seed round', `Message-ID: ${messageId()}`,
      'In-Reply-To: <jane-reply@sequoia.test>', 'References: <intro@acme.test> <jane-reply@sequoia.test>', '',
      '---------- Forwarded message ---------', 'From: Jane Investor <jane@sequoia.test>', 'Date: Mon, Jan 8, 2024 at 10:15 AM',
      'Subject: Re: Acme seed round', `To: Ada <${ada.email}>`, '', '', 'Happy to chat next week.',
    );
    expect((await sendSmtp(port, { from: ada.email, to: [ada.address] }, forward)).ok).toBe(true);
    const [touch] = await touchesOn(app, listId, jane);
    expect(touch).toMatchObject({ kind: 'email_received', subject: 'Re: Acme seed round', body: 'Happy to chat next week.' });
    expect(touch.happened_at.getFullYear()).toBe(2024);
    expect((await rowOf(app, listId, jane)).answered_at).not.toBeNull();
    const [mail] = await app.db.select().from(capturedMails).where(eq(capturedMails.id, touch.mail_id!));
    expect(mail.replies_to).toEqual(['<jane-reply@sequoia.test>', '<intro@acme.test>']);
  });

  it('drops a mail from someone else, counted, never kept', async () => {
    const [before] = await app.db.select().from(captureAddresses).where(eq(captureAddresses.user_id, ada.id));
    const id = messageId();
    const spoof = rawMail('From: mallory@evil.test', 'To: jane@sequoia.test', 'Subject: Spam', `Message-ID: ${id}`, '', 'Buy now');
    expect((await sendSmtp(port, { from: 'mallory@evil.test', to: [ada.address] }, spoof)).ok).toBe(true);
    const [after] = await app.db.select().from(captureAddresses).where(eq(captureAddresses.user_id, ada.id));
    expect(after.dropped).toBe(before.dropped + 1);
    expect(await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id))).toEqual([]);
  });

  it('keeps a mail of hers to no investor on her lists in the Capture inbox', async () => {
    const id = messageId();
    expect((await sendSmtp(port, { from: ada.email, to: [ada.address] }, fromAda('stranger@nowhere.test', 'Coffee?', id))).ok).toBe(true);
    const [mail] = await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id));
    expect(mail).toMatchObject({ status: 'unmatched', subject: 'Coffee?', participants: [{ address: 'stranger@nowhere.test', name: '' }] });
  });

  it('answers 550 at RCPT for an unknown or rotated address', async () => {
    const unknown = await sendSmtp(port, { from: ada.email, to: [`log+nosuchtoken123@${app.config.captureDomain}`] }, fromAda('x@y.test', 'x'));
    expect(unknown).toMatchObject({ ok: false, responseCode: 550 });
    const wrongDomain = await sendSmtp(port, { from: ada.email, to: [`log+${ada.token}@elsewhere.test`] }, fromAda('x@y.test', 'x'));
    expect(wrongDomain).toMatchObject({ ok: false, responseCode: 550 });
    const rotated = await captureFounder(app);
    const oldAddress = rotated.address;
    await app.db.update(captureAddresses).set({ token: `${rotated.token}new` }).where(eq(captureAddresses.user_id, rotated.id));
    expect(await sendSmtp(port, { from: rotated.email, to: [oldAddress] }, fromAda('x@y.test', 'x'))).toMatchObject({ ok: false, responseCode: 550 });
    // The domain in any case; the token exactly.
    const upper = `log+${rotated.token}new@${app.config.captureDomain.toUpperCase()}`;
    expect((await sendSmtp(port, { from: rotated.email, to: [upper] }, fromAda('x@y.test', 'x'))).ok).toBe(true);
  });

  it('refuses an address rotated after mail to it: at RCPT when rotated here, at DATA when another instance rotated it', async () => {
    const founder = await captureFounder(app);
    const session = (address: string, id: string) =>
      rawSession(port, [
        `EHLO x\r\nMAIL FROM:<${founder.email}>\r\nRCPT TO:<${address}>\r\nDATA\r\n`,
        rawMail(`From: ${founder.email}`, 'To: stranger@nowhere.test', 'Subject: Hi', `Message-ID: ${id}`, '', 'Hi'),
        '.\r\n',
      ]);
    const kept = async (id: string) => (await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id))).length;
    // A mail taken: the listener now knows the token.
    expect(await session(founder.address, messageId())).toMatch(/\r\n250 Taken/);

    const rotated = await founder.call('POST', CAPTURE_API.rotate.replace('/api/v1', ''));
    expect(rotated.statusCode, rotated.body).toBe(200);
    const refusedHere = messageId();
    const here = await session(founder.address, refusedHere);
    expect(here).toMatch(/\r\n550 No such capture address/);
    expect(here).not.toMatch(/\r\n354 /);
    expect(await kept(refusedHere)).toBe(0);

    const fresh = rotated.json().address as string;
    expect(await session(fresh, messageId())).toMatch(/\r\n250 Taken/);
    // Another instance rotates it: this one still trusts the token at RCPT, and refuses the mail once it has it.
    await app.db.update(captureAddresses).set({ token: `${founder.token}other` }).where(eq(captureAddresses.user_id, founder.id));
    const refusedThere = messageId();
    const there = await session(fresh, refusedThere);
    expect(there).toMatch(/\r\n354 [^]*\r\n550 No such capture address/);
    expect(await kept(refusedThere)).toBe(0);
  });

  it('answers 552 for a mail over 10 MB', async () => {
    const big = fromAda('jane@sequoia.test', 'Big') + 'x'.repeat(76).concat('\r\n').repeat(Math.ceil(CAPTURE_LIMITS.mailBytes / 78) + 10);
    const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, big);
    expect(sent).toMatchObject({ ok: false, responseCode: 552 });
  });

  it('answers 451 past 300 mails an hour to one address', async () => {
    const busy = await captureFounder(app);
    await app.db
      .insert(rateLimitCounters)
      .values({ key: `capture-mail:${busy.id}`, hits: CAPTURE_LIMITS.mailsPerHour, resets_at: sql`now() + interval '1 hour'` });
    const sent = await sendSmtp(port, { from: busy.email, to: [busy.address] }, fromAda('jane@sequoia.test', 'One too many'));
    expect(sent).toMatchObject({ ok: false, responseCode: 451 });
  });

  it('answers 554 with why for a mail that cannot be read', async () => {
    const sent = await sendSmtp(port, { from: ada.email, to: [ada.address] }, rawMail('To: jane@sequoia.test', 'Subject: no sender', '', 'Hi'));
    expect(sent).toMatchObject({ ok: false, responseCode: 554 });
    expect(sent.response).toContain('no From address');
  });

  it('keeps listening through garbage', async () => {
    const said = await rawSession(port, [
      Buffer.from([0, 255, 1, 2, 3, 13, 10]),
      `HELO x\r\nMAIL FROM:<${'a'.repeat(5000)}>\r\n`,
      'RCPT TO:<not an address>\r\nRSET\r\n',
      `MAIL FROM:<x@y.test>\r\nRCPT TO:<${ada.address}>\r\nDATA\r\n`,
      Buffer.from([0, 1, 2, 255, 254, 13, 10, 46, 13, 10]),
    ]);
    expect(said).toMatch(/^220 /);
    expect(said).toMatch(/\r\n554 The mail cannot be read/);
    const http = await rawSession(port, ['GET / HTTP/1.1\r\n']);
    expect(http).toContain('421');
    expect((await sendSmtp(port, { from: ada.email, to: [ada.address] }, fromAda('jane@sequoia.test', 'Still here'))).ok).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('capture by SMTP at two instances on one PostgreSQL', () => {
  it('logs the same message received by both at once once per row', async () => {
    const both = await twoInstancesOnPostgres(process.env.TEST_DATABASE_URL!, { rateLimit: false });
    try {
      const { a, b } = both;
      const [portA, portB] = [await a.app.captureSmtp.listen(0, '127.0.0.1'), await b.app.captureSmtp.listen(0, '127.0.0.1')];
      const ada = await captureFounder(a.app);
      const jane = await investorAt(a.app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
      const listId = await listWith(ada.call, 'investor', [jane]);
      const raw = rawMail(`From: ${ada.email}`, 'To: jane@sequoia.test', 'Subject: Twice', `Message-ID: ${messageId()}`, '', 'Hi');
      const sent = await Promise.all([portA, portB, portA, portB].map((p) => sendSmtp(p, { from: ada.email, to: [ada.address] }, raw)));
      expect(sent.every((result) => result.ok)).toBe(true);
      expect(await touchesOn(a.app, listId, jane)).toHaveLength(1);
      expect((await rowOf(a.app, listId, jane)).stage).toBe('contacted');
      const followUp = (await rowOf(a.app, listId, jane)).follow_up_on!;
      expect(new Date(followUp).getTime() - Date.now()).toBeGreaterThan(5 * DAY);
    } finally {
      await both.close();
    }
  });
});

describe('capture listener over STARTTLS', () => {
  it('takes a mail from a client that requires TLS when TLS_KEY_FILE/TLS_CERT_FILE are set', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fundscape-capture-tls-'));
    const { keyFile, certFile } = localCertificate(dir);
    const ca = readFileSync(certFile);
    const { app, close } = await buildTestApp(testDatabases()[0], { rateLimit: false, config: { tls: { key: readFileSync(keyFile), cert: ca } } });
    try {
      const port = await app.captureSmtp.listen(0, '127.0.0.1');
      const ada = await captureFounder(app);
      const jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
      const listId = await listWith(ada.call, 'investor', [jane]);
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, requireTLS: true, tls: { ca } });
      try {
        const raw = rawMail(`From: ${ada.email}`, 'To: jane@sequoia.test', 'Subject: Over TLS', `Message-ID: ${messageId()}`, '', 'Hi');
        const info = await transport.sendMail({ envelope: { from: ada.email, to: [ada.address] }, raw });
        expect(info.response).toMatch(/^250 Taken \(1 row\)/);
      } finally {
        transport.close();
      }
      expect(await rowOf(app, listId, jane)).toMatchObject({ stage: 'contacted' });
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('capture listener closing', () => {
  it('refuses to listen on a port taken, listening nowhere', async () => {
    const { app, close } = await buildTestApp(testDatabases()[0], { rateLimit: false });
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      await expect(app.captureSmtp.listen(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(app.captureSmtp.port).toBeNull();
    } finally {
      taken.close();
      await close();
    }
  });


  it('closes at once with idle connections open, telling them 421', async () => {
    const { app, close } = await buildTestApp(testDatabases()[0], { rateLimit: false });
    try {
      const port = await app.captureSmtp.listen(0, '127.0.0.1');
      expect(app.captureSmtp.port).toBe(port);
      const socket = connect(port, '127.0.0.1');
      let said = '';
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('data', (data) => (said += data.toString()));
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      const started = Date.now();
      await app.captureSmtp.close();
      await ended;
      // Not the 5 s grace for mails being written: idle connections are told at once (this took over 2 s at 95% CPU).
      expect(Date.now() - started).toBeLessThan(4000);
      expect(said).toContain('421');
      expect(app.captureSmtp.port).toBeNull();
    } finally {
      await close();
    }
  });
});
