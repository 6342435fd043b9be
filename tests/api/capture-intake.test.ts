// POST /api/v1/capture/messages: the raw mail an inbound relay posts, the capture token its credential.
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { capturedMails, listActivity, listEvents, listInvestors, rateLimitCounters, rowTouches } from '../../src/server/db/schema.js';
import { CAPTURE_API, CAPTURE_LIMITS, TOUCHES_PER_ROW_MAX } from '../../src/shared/capture.js';
import { buildTestApp } from '../helpers/app.js';
import { captureFounder, investorAt, rawMail, type CaptureFounder } from '../helpers/capture.js';
import { testDatabases } from '../helpers/database.js';
import { listWith } from '../helpers/pipeline.js';

let counter = 0;
const messageId = () => `<h${++counter}-${Date.now()}@acme.test>`;

describe.each(testDatabases())('capture by HTTP on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ada: CaptureFounder;
  let jane: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    ada = await captureFounder(app);
    jane = await investorAt(app, 'Jane', 'jane@sequoia.test', 'sequoia.test');
  });
  afterAll(() => close());

  const post = (payload: string | Buffer | Readable, token: string | null = ada.token, contentType = 'message/rfc822') =>
    app.inject({
      method: 'POST',
      url: CAPTURE_API.messages,
      headers: { 'content-type': contentType, ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      payload,
    });
  const mailTo = (to: string, subject: string, id = messageId()) =>
    rawMail(`From: Ada <${ada.email}>`, `To: ${to}`, `Subject: ${subject}`, `Message-ID: ${id}`, '', 'Our deck is attached.');

  it('logs a mail of hers and says what it did, once', async () => {
    const listId = await listWith(ada.call, 'investor', [jane]);
    const id = messageId();
    const first = await post(mailTo('jane@sequoia.test', 'Seed round', id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'logged', rows: 1 });
    const again = await post(mailTo('jane@sequoia.test', 'Seed round', id));
    expect(again.json()).toEqual({ status: 'duplicate', rows: 0 });
    const [row] = await app.db.select().from(listInvestors).where(and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, jane)));
    expect(row.stage).toBe('contacted');
  });

  it('logs a mail whose subject, text, names and ids carry NULs and lone surrogates, which the database cannot store', async () => {
    const bea = await captureFounder(app);
    const listId = await listWith(bea.call, 'investor', [jane]);
    const loneSurrogate = `=?UTF-16BE?B?${Buffer.from([0xd8, 0x00, 0x00, 0x41]).toString('base64')}?=`;
    const res = await post(
      rawMail(`From: "Bea\u0000" <${bea.email}>`, 'To: "Jane\u0000" <jane@sequoia.test>', `Subject: Seed\u0000 ${loneSurrogate}`, `Message-ID: <n\u0000${Date.now()}@acme.test>`, 'References: <a\u0000@b.test>', '', 'Our\u0000 deck'),
      bea.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'logged', rows: 1 });
    const [touch] = await app.db.select().from(rowTouches).where(eq(rowTouches.list_id, listId));
    const [mail] = await app.db.select().from(capturedMails).where(eq(capturedMails.id, touch.mail_id!));
    expect([mail.subject, mail.snippet]).toEqual(['Seed \ufffdA', 'Our deck']);
  });

  it('matches her private contacts by e-mail and by their website, and never another founder\'s she cannot see', async () => {
    const bea = await captureFounder(app);
    const contact = async (who: CaptureFounder, email: string, website: string) => {
      const res = await who.call('POST', '/investors', { first_name: 'Pia', last_name: 'Private', email, office_website: website });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const pia = await contact(ada, 'pia@angel-pia.test', 'https://angel-pia.test');
    const theo = await contact(ada, 'theo@theo-fund.test', 'www.theo-fund.test/about');
    const beas = await contact(bea, 'pia@angel-pia.test', 'angel-pia.test');
    const listId = await listWith(ada.call, 'investor', [pia, theo]);
    await listWith(bea.call, 'investor', [beas]);
    expect((await post(mailTo('PIA@angel-pia.test, someone@theo-fund.test', 'Hello'))).json()).toEqual({ status: 'logged', rows: 2 });
    const touches = await app.db.select().from(rowTouches).where(eq(rowTouches.list_id, listId));
    expect(touches.map((touch) => [touch.investor_id, touch.match]).sort()).toEqual([[pia, 'exact'], [theo, 'likely']].sort());
    expect(await app.db.select().from(rowTouches).where(eq(rowTouches.investor_id, beas))).toEqual([]);
  });

  it('logs a BCC copy and a forward of it attached whole once per row', async () => {
    const listId = await listWith(ada.call, 'investor', [jane]);
    const id = messageId();
    const original = mailTo('jane@sequoia.test', 'Follow-up', id);
    expect((await post(original)).json()).toMatchObject({ status: 'logged' });
    const forward = rawMail(
      `From: ${ada.email}`, `To: log+${ada.token}@${app.config.captureDomain}`, 'Subject: Fwd: Follow-up', `Message-ID: ${messageId()}`,
      'MIME-Version: 1.0', 'Content-Type: multipart/mixed; boundary="b"', '', '--b', 'Content-Type: text/plain', '', 'fyi', '--b',
      'Content-Type: message/rfc822', '', original, '--b--',
    );
    expect((await post(forward)).json()).toEqual({ status: 'duplicate', rows: 0 });
    const touches = await app.db.select().from(rowTouches).where(and(eq(rowTouches.list_id, listId), eq(rowTouches.message_id, id)));
    expect(touches).toHaveLength(1);
  });

  it('keeps Gmail’s confirmation of a forwarding rule of hers in her Capture inbox, cut to its code and link; a forged one naming no address of hers is dropped', async () => {
    const confirmation = (forWhom: string) =>
      rawMail(
        'From: Gmail Team <forwarding-noreply@google.com>',
        `To: log+${ada.token}@${app.config.captureDomain}`,
        `Subject: (#575153498) Gmail Forwarding Confirmation - Receive Mail from ${forWhom}`,
        `Message-ID: ${messageId()}`,
        '',
        `${forWhom} has requested to automatically forward mail to your email address log+${ada.token}@${app.config.captureDomain}.`,
        'Confirmation code: 575153498',
        '',
        'To allow it, please click the link below to confirm the request:',
        '',
        'https://mail-settings.google.com/mail/vf-%5BANGjdJ8abc%5D-xyz',
        '',
        'Or visit https://evil.test/phish to read more.',
      );
    expect((await post(confirmation(ada.email))).json()).toEqual({ status: 'unmatched', rows: 0 });
    const inbox = await app.inject({ url: CAPTURE_API.inbox, headers: ada.headers });
    const kept = (inbox.json() as Array<{ subject: string; snippet: string }>).find((mail) => mail.subject.includes('Forwarding Confirmation'));
    expect(kept?.snippet).toBe('Confirmation code: 575153498 · Confirm: https://mail-settings.google.com/mail/vf-%5BANGjdJ8abc%5D-xyz');
    expect((await post(confirmation('eve@evil.test'))).json()).toEqual({ status: 'dropped', rows: 0 });
  });

  it('logs a reply to her that her Gmail forwarded by a rule as received; the same without the mark is dropped', async () => {
    const listId = await listWith(ada.call, 'investor', [jane]);
    const reply = (forwardedFor: string[]) =>
      rawMail('From: Jane <jane@sequoia.test>', `To: Ada <${ada.email}>`, 'Subject: Re: Seed round', `Message-ID: ${messageId()}`, ...forwardedFor, '', 'Count me in.');
    expect((await post(reply([]))).json()).toEqual({ status: 'dropped', rows: 0 });
    const marked = await post(reply([`X-Forwarded-For: ${ada.email} log+${ada.token}@${app.config.captureDomain}`, `X-Forwarded-To: log+${ada.token}@${app.config.captureDomain}`]));
    // On every list of hers holding Jane: this one and the earlier tests'.
    expect(marked.json()).toEqual({ status: 'logged', rows: 3 });
    const [touch] = await app.db.select().from(rowTouches).where(and(eq(rowTouches.list_id, listId), eq(rowTouches.investor_id, jane)));
    expect(touch).toMatchObject({ kind: 'email_received', subject: 'Re: Seed round', match: 'exact' });
    // Someone else's mailbox forwarding a mail to her is not hers.
    const other = await post(reply([`X-Forwarded-For: eve@evil.test log+${ada.token}@${app.config.captureDomain}`]));
    expect(other.json()).toEqual({ status: 'dropped', rows: 0 });
  });

  it('logs a mail first kept in her inbox once a later copy matches a row, its events in order and without its text', async () => {
    const omar = await investorAt(app, 'Omar', 'omar@later.test', 'later.test');
    const pat = await investorAt(app, 'Pat', 'pat@other-later.test', 'other-later.test');
    const id = messageId();
    expect((await post(mailTo('omar@later.test, pat@other-later.test', 'Intro', id))).json()).toEqual({ status: 'unmatched', rows: 0 });
    const listId = await listWith(ada.call, 'investor', [omar, pat]);
    const told: Array<{ listId: number; eventId: number } | null> = [];
    app.listFeed.subscribe((message) => told.push(message));
    const before = await app.db.select({ id: listEvents.id }).from(listEvents).where(eq(listEvents.list_id, listId));
    expect((await post(mailTo('omar@later.test, pat@other-later.test', 'Intro', id))).json()).toEqual({ status: 'logged', rows: 2 });
    const [mail] = await app.db.select().from(capturedMails).where(and(eq(capturedMails.user_id, ada.id), eq(capturedMails.message_id, id)));
    expect(mail.status).toBe('logged');
    const events = await app.db
      .select({ id: listEvents.id, type: listEvents.type, data: listEvents.data })
      .from(listEvents)
      .where(and(eq(listEvents.list_id, listId), sql`${listEvents.id} > ${Math.max(0, ...before.map((event) => event.id))}`))
      .orderBy(listEvents.id);
    const touches = await app.db.select().from(rowTouches).where(eq(rowTouches.list_id, listId)).orderBy(rowTouches.investor_id);
    const [first, second] = [omar, pat].sort((a, b) => a - b);
    expect(events.map((event) => [event.type, (event.data as { item_id: number }).item_id])).toEqual([
      ['touch-added', first],
      ['row-changed', first],
      ['touch-added', second],
      ['row-changed', second],
    ]);
    const added = events[0].data as { touch: Record<string, unknown> };
    expect(added.touch).toEqual({
      id: touches[0].id,
      kind: 'email_sent',
      subject: 'Intro',
      body: null,
      shared: false,
      participants: [
        { address: 'omar@later.test', name: '' },
        { address: 'pat@other-later.test', name: '' },
      ],
      match: 'exact',
      happened_at: touches[0].happened_at.toISOString(),
      author: { id: ada.id, first_name: expect.any(String), last_name: expect.any(String) },
    });
    expect((events[1].data as { changes: Record<string, unknown> }).changes).toMatchObject({ stage: { from: 'lead', to: 'contacted' } });
    const activity = await app.db.select({ action: listActivity.action }).from(listActivity).where(eq(listActivity.list_id, listId));
    expect(activity.filter((entry) => entry.action === 'touch_added')).toHaveLength(2);
    // Every instance's streams of the list are told of its newest event once the mail committed.
    await expect.poll(() => told.filter((message) => message?.listId === listId).map((message) => message!.eventId)).toContain(events[3].id);
    // The copy once more: nothing new.
    expect((await post(mailTo('omar@later.test, pat@other-later.test', 'Intro', id))).json()).toEqual({ status: 'duplicate', rows: 0 });
  });

  it('refuses a mail whole (503) when a row it goes on holds the most touches: nothing of it kept', async () => {
    const full = await investorAt(app, 'Fay', 'fay@full.test', 'full.test');
    const other = await investorAt(app, 'Gus', 'gus@fine.test', 'fine.test');
    const listId = await listWith(ada.call, 'investor', [full, other]);
    await app.db.insert(rowTouches).values(
      Array.from({ length: TOUCHES_PER_ROW_MAX }, () => ({ list_id: listId, investor_id: full, user_id: ada.id, kind: 'call' as const, happened_at: new Date() })),
    );
    const id = messageId();
    expect((await post(mailTo('fay@full.test, gus@fine.test', 'Hi', id))).statusCode).toBe(503);
    expect(await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id))).toEqual([]);
    expect(await app.db.select().from(rowTouches).where(eq(rowTouches.investor_id, other))).toEqual([]);
    const [row] = await app.db.select().from(listInvestors).where(and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, other)));
    expect(row.stage).toBe('lead');
  });

  it('drops a mail from someone else, saying so to the relay only', async () => {
    const id = messageId();
    const res = await post(rawMail('From: eve@evil.test', 'To: jane@sequoia.test', 'Subject: x', `Message-ID: ${id}`, '', 'x'));
    expect(res.json()).toEqual({ status: 'dropped', rows: 0 });
    expect(await app.db.select().from(capturedMails).where(eq(capturedMails.message_id, id))).toEqual([]);
  });

  it('answers 401 without the capture token (a log-in token is not one)', async () => {
    expect((await post(mailTo('jane@sequoia.test', 'x'), null)).statusCode).toBe(401);
    expect((await post(mailTo('jane@sequoia.test', 'x'), 'nosuchtoken123')).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: CAPTURE_API.messages,
      headers: { 'content-type': 'message/rfc822', ...ada.headers },
      payload: mailTo('jane@sequoia.test', 'x'),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toContain('capture token');
  });

  it('answers 413 for a declared size over 10 MB before reading, and for a longer body without one', async () => {
    const declared = await app.inject({
      method: 'POST',
      url: CAPTURE_API.messages,
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${ada.token}`, 'content-length': String(CAPTURE_LIMITS.mailBytes + 1) },
      payload: 'x',
    });
    expect(declared.statusCode).toBe(413);
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const chunks = Array.from({ length: 11 }, () => chunk);
    const streamed = await post(Readable.from(chunks));
    expect(streamed.statusCode).toBe(413);
  });

  it('answers 415 for another content type, 422 with why for a mail that cannot be read', async () => {
    expect((await post('{"a":1}', ada.token, 'application/json')).statusCode).toBe(415);
    const unreadable = await post(rawMail('Subject: nobody', '', 'x'));
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().detail).toContain('no From address');
  });

  it('answers 429 past 300 mails an hour, with Retry-After', async () => {
    const busy = await captureFounder(app);
    await app.db
      .insert(rateLimitCounters)
      .values({ key: `capture-mail:${busy.id}`, hits: CAPTURE_LIMITS.mailsPerHour, resets_at: sql`now() + interval '1 hour'` });
    const res = await post(rawMail(`From: ${busy.email}`, 'To: jane@sequoia.test', 'Subject: x', '', 'x'), busy.token);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
