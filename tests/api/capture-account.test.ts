// A founder's own capture calls (issue 46): her capture address (made on first read, rotated: the old token is
// refused), the addresses she sends from (verified by a link mailed to each, read back from a real SMTP sink), the
// follow-up a touch sets, and the Capture inbox (assigned to a row, or a participant made a private contact;
// dismissed; swept after 7 days).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { capturedMails, listMembers, privateContacts } from '../../src/server/db/schema.js';
import { SENDER_MAILS_PER_HOUR } from '../../src/server/modules/capture/address-routes.js';
import { accountOfToken } from '../../src/server/modules/capture/intake.js';
import { sweepInbox } from '../../src/server/modules/capture/inbox-store.js';
import { CAPTURE_API, CAPTURE_MESSAGES, type InboxMail, type SenderAddress } from '../../src/shared/capture.js';
import type { Pipeline } from '../../src/shared/pipeline.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { insertFund, insertInvestor } from '../helpers/pipeline.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { member, type Member, type Sink } from '../helpers/teams.js';

const DAY = 24 * 60 * 60 * 1000;
const api = (path: string) => path.replace('/api/v1', '');

describe.each(testDatabases())('capture address, senders, settings and inbox, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let sink: Sink;
  let ada: Member;
  let bea: Member;
  let ana: number;
  let northwind: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildTestApp(kind, { config: { smtpUrl: sink.url } }));
    [ada, bea] = [await member(app), await member(app)];
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    northwind = await insertFund(app, 'Northwind Partners');
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  it('makes the capture address on the first read, keeps it, and rotates it: the old token is refused from then on', async () => {
    const first = await ada.call('GET', api(CAPTURE_API.address));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      address: expect.stringMatching(/^log\+[a-z2-7]{32}@capture\.test$/),
      intake_url: 'http://app.test/api/v1/capture/messages',
      smtp_port: null,
    });
    expect((await ada.call('GET', api(CAPTURE_API.address))).json()).toEqual(first.json());
    const token = (address: string) => /^log\+([a-z2-7]+)@/.exec(address)![1];
    const old = token(first.json().address);
    expect(await accountOfToken(app.db, old)).toBe(ada.id);
    expect(token((await bea.call('GET', api(CAPTURE_API.address))).json().address)).not.toBe(old);

    const rotated = await ada.call('POST', api(CAPTURE_API.rotate));
    expect(rotated.statusCode).toBe(200);
    const fresh = token(rotated.json().address);
    expect(fresh).not.toBe(old);
    expect(await accountOfToken(app.db, old)).toBeNull();
    expect(await accountOfToken(app.db, fresh)).toBe(ada.id);
    expect((await ada.call('GET', api(CAPTURE_API.address))).json().address).toBe(rotated.json().address);
    expect((await app.inject({ method: 'GET', url: CAPTURE_API.address })).statusCode).toBe(401);
  });

  it('adds a sender address, mails it a link that verifies it once, and keeps a verified address to one account', async () => {
    const senders = async (who: Member) => (await who.call('GET', api(CAPTURE_API.senders))).json() as SenderAddress[];
    expect(await senders(ada)).toEqual([{ id: null, email: ada.email, verified: true }]);

    const added = await ada.call('POST', api(CAPTURE_API.senders), { email: '  Ada@Work.Example ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(Number), email: 'ada@work.example', verified: false });
    const mail = await sink.waitFor('ada@work.example');
    const link = /http:\/\/app\.test\/verify-sender\?token=([^\s]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    // A link for another of her addresses does not verify this one.
    const other = await ada.call('POST', api(CAPTURE_API.senders), { email: 'ada@home.example' });
    const forged = `${other.json().id}.${token.split('.')[1]}`;
    expect((await app.inject({ method: 'POST', url: CAPTURE_API.verifySender, payload: { token: forged } })).statusCode).toBe(400);

    // No log-in needed: the link may be opened on another device.
    const verified = await app.inject({ method: 'POST', url: CAPTURE_API.verifySender, payload: { token } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ email: 'ada@work.example' });
    const again = await app.inject({ method: 'POST', url: CAPTURE_API.verifySender, payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This verification link has already been used.');
    for (const bad of ['', 'nonsense', '1.short', `x${token}`]) {
      expect((await app.inject({ method: 'POST', url: CAPTURE_API.verifySender, payload: { token: bad } })).statusCode).toBe(400);
    }
    expect(await senders(ada)).toEqual([
      { id: null, email: ada.email, verified: true },
      { id: added.json().id, email: 'ada@work.example', verified: true },
      { id: other.json().id, email: 'ada@home.example', verified: false },
    ]);

    const taken = await bea.call('POST', api(CAPTURE_API.senders), { email: 'ADA@work.example' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: CAPTURE_MESSAGES.senderTaken });
    expect((await ada.call('POST', api(CAPTURE_API.senders), { email: 'ada@work.example' })).statusCode).toBe(409);
    expect((await ada.call('POST', api(CAPTURE_API.senders), { email: ada.email.toUpperCase() })).json()).toEqual({
      detail: CAPTURE_MESSAGES.senderIsLogin,
    });
    // One not yet verified gets a new link.
    const before = new Set(sink.mails);
    expect((await ada.call('POST', api(CAPTURE_API.senders), { email: 'ada@home.example' })).statusCode).toBe(200);
    await sink.waitFor('ada@home.example', (m) => !before.has(m));

    for (const [email, detail] of [
      ['a?b@work.example', 'Email cannot hold ?, & or %'],
      ['a%b@work.example', 'Email cannot hold ?, & or %'],
      ['not an address', 'Invalid email'],
      ['a b@work.example', 'Invalid email'],
      ['', 'Invalid email'],
    ]) {
      const res = await ada.call('POST', api(CAPTURE_API.senders), { email });
      expect(res.statusCode, email).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    for (const n of [3, 4, 5]) expect((await ada.call('POST', api(CAPTURE_API.senders), { email: `ada${n}@x.example` })).statusCode).toBe(201);
    const sixth = await ada.call('POST', api(CAPTURE_API.senders), { email: 'ada6@x.example' });
    expect(sixth.statusCode).toBe(422);
    expect(sixth.json().detail).toBe(CAPTURE_MESSAGES.senderLimit);

    const url = `${api(CAPTURE_API.senders)}/${other.json().id}`;
    expect((await bea.call('DELETE', url)).statusCode).toBe(404);
    expect((await ada.call('DELETE', url)).statusCode).toBe(204);
    expect((await ada.call('DELETE', url)).statusCode).toBe(404);
    expect((await senders(ada)).map((s) => s.email)).not.toContain('ada@home.example');
  });

  it(`answers 429 past ${SENDER_MAILS_PER_HOUR} calls an hour that may mail a link`, async () => {
    const cy = await member(app);
    for (let n = 0; n < SENDER_MAILS_PER_HOUR; n++) {
      expect((await cy.call('POST', api(CAPTURE_API.senders), { email: 'not an address' })).statusCode).toBe(422);
    }
    const refused = await cy.call('POST', api(CAPTURE_API.senders), { email: 'cy@work.example' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('keeps the follow-up interval a touch sets: one of 3, 5, 7, 10 and 14 days, or off', async () => {
    const settings = api(CAPTURE_API.settings);
    expect((await bea.call('GET', settings)).json()).toEqual({ follow_up_days: 7 });
    expect((await bea.call('PATCH', settings, { follow_up_days: 3 })).json()).toEqual({ follow_up_days: 3 });
    for (const bad of [4, 0, '7', 100]) expect((await bea.call('PATCH', settings, { follow_up_days: bad })).statusCode).toBe(422);
    expect((await bea.call('PATCH', settings, { follow_up_days: null })).json()).toEqual({ follow_up_days: null });
    expect((await bea.call('GET', settings)).json()).toEqual({ follow_up_days: null });

    const listId = (await bea.call('POST', '/lists', { name: 'Off', list_type: 'investor' })).json().id as number;
    await bea.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
    await bea.call('POST', `/lists/${listId}/investors/${ana}/touches`, { kind: 'call' });
    const rows = (await bea.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>;
    expect(rows[0].pipeline).toMatchObject({ stage: 'contacted', follow_up_on: null });
  });

  it('documents every call in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.fromEntries(Object.entries(doc.paths).map(([path, methods]) => [path, Object.keys(methods).sort()]));
    expect(paths).toMatchObject({
      [CAPTURE_API.address]: ['get'],
      [CAPTURE_API.rotate]: ['post'],
      [CAPTURE_API.senders]: ['get', 'post'],
      [`${CAPTURE_API.senders}/{id}`]: ['delete'],
      [CAPTURE_API.verifySender]: ['post'],
      [CAPTURE_API.settings]: ['get', 'patch'],
      [CAPTURE_API.inbox]: ['get'],
      [`${CAPTURE_API.inbox}/{id}/assign`]: ['post'],
      [`${CAPTURE_API.inbox}/{id}`]: ['delete'],
      '/api/v1/lists/{id}/investors/{itemId}/touches': ['get', 'post'],
      '/api/v1/lists/{id}/funds/{itemId}/touches/{touchId}': ['delete', 'patch'],
    });
  });

  describe('the Capture inbox', () => {
    let seq = 0;
    async function unmatched(who: Member, values: Partial<typeof capturedMails.$inferInsert> = {}) {
      seq += 1;
      const [row] = await app.db
        .insert(capturedMails)
        .values({
          user_id: who.id,
          message_id: `<inbox-${seq}-${Date.now()}@mail.test>`,
          direction: 'received',
          subject: `Re: our round ${seq}`,
          snippet: 'Happy to talk next week',
          participants: [{ address: 'cy@newfund.example', name: 'Cy Young' }],
          sent_at: new Date(Date.now() - DAY),
          status: 'unmatched',
          ...values,
        })
        .returning({ id: capturedMails.id });
      return row.id;
    }
    const inbox = async (who: Member) => (await who.call('GET', api(CAPTURE_API.inbox))).json() as InboxMail[];
    const assign = (who: Member, id: number, body: unknown) => who.call('POST', `${api(CAPTURE_API.inbox)}/${id}/assign`, body);

    it('shows her unmatched mails of the last 7 days, newest first, and sweeps older ones', async () => {
      const old = await unmatched(ada, { created_at: new Date(Date.now() - 8 * DAY) });
      const older = await unmatched(ada, { created_at: new Date(Date.now() - 60_000) });
      const newer = await unmatched(ada);
      await unmatched(ada, { status: 'logged' });
      await unmatched(bea);
      const mails = await inbox(ada);
      expect(mails.map((mail) => mail.id)).toEqual([newer, older]);
      expect(mails[0]).toMatchObject({ direction: 'received', snippet: 'Happy to talk next week', participants: [{ address: 'cy@newfund.example', name: 'Cy Young' }] });
      expect(Date.parse(mails[0].expires_at) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
      await sweepInbox(app.db, new Date());
      expect(await app.db.select().from(capturedMails).where(eq(capturedMails.id, old))).toEqual([]);
      expect(await app.db.select().from(capturedMails).where(eq(capturedMails.id, older))).toHaveLength(1);
    });

    it('logs a mail on an investor of a list she edits, as the intake would, and it leaves the inbox', async () => {
      const listId = (await ada.call('POST', '/lists', { name: 'Seed', list_type: 'investor' })).json().id as number;
      await ada.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
      const id = await unmatched(ada);
      const res = await assign(ada, id, { list_id: listId, investor_id: ana });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        list_id: listId,
        investor_id: ana,
        touch: { kind: 'email_received', subject: expect.stringMatching(/^Re: our round/), body: 'Happy to talk next week', shared: false },
      });
      const rows = (await ada.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>;
      expect(rows[0].pipeline).toMatchObject({ stage: 'contacted', answered_at: res.json().touch.happened_at, last_contacted_at: res.json().touch.happened_at });
      expect((await inbox(ada)).map((mail) => mail.id)).not.toContain(id);
      expect((await assign(ada, id, { list_id: listId, investor_id: ana })).statusCode).toBe(404);
      expect((await assign(bea, await unmatched(ada), { list_id: listId, investor_id: ana })).statusCode).toBe(404);
      // The offline outbox's replay answers the first answer again, and logs nothing twice.
      const key = { 'idempotency-key': randomUUID() };
      const next = await unmatched(ada, { direction: 'sent' });
      const first = await ada.call('POST', `${api(CAPTURE_API.inbox)}/${next}/assign`, { list_id: listId, investor_id: ana }, key);
      const replay = await ada.call('POST', `${api(CAPTURE_API.inbox)}/${next}/assign`, { list_id: listId, investor_id: ana }, key);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect((await ada.call('GET', `/lists/${listId}/investors/${ana}/touches`)).json()).toHaveLength(2);
    });

    it('refuses a list she only views (403), one not hers (404), a row not on it (404), a fund list and a wrong body (422)', async () => {
      const mine = (await ada.call('POST', '/lists', { name: 'Mine', list_type: 'investor' })).json().id as number;
      const viewed = (await bea.call('POST', '/lists', { name: 'Bea', list_type: 'investor' })).json().id as number;
      await bea.call('POST', `/lists/${viewed}/investors/batch`, { investor_ids: [ana] });
      await app.db.insert(listMembers).values({ list_id: viewed, user_id: ada.id, role: 'viewer' });
      const hidden = (await bea.call('POST', '/lists', { name: 'Hidden', list_type: 'investor' })).json().id as number;
      const funds = (await ada.call('POST', '/lists', { name: 'Funds', list_type: 'fund' })).json().id as number;
      await ada.call('POST', `/lists/${funds}/funds/batch`, { fund_ids: [northwind] });
      const id = await unmatched(ada);
      expect((await assign(ada, id, { list_id: viewed, investor_id: ana })).statusCode).toBe(403);
      expect((await assign(ada, id, { list_id: hidden, investor_id: ana })).statusCode).toBe(404);
      expect((await assign(ada, id, { list_id: mine, investor_id: ana })).statusCode).toBe(404);
      expect((await assign(ada, id, { list_id: funds, investor_id: northwind })).statusCode).toBe(422);
      for (const body of [
        { list_id: mine },
        { list_id: mine, investor_id: ana, new_contact: { email: 'cy@newfund.example' } },
        { list_id: mine, new_contact: { email: 'not an address' } },
        { list_id: mine, new_contact: {} },
        { investor_id: ana },
      ]) {
        expect((await assign(ada, id, body)).statusCode, JSON.stringify(body)).toBe(422);
      }
      expect((await inbox(ada)).map((mail) => mail.id)).toContain(id);
    });

    it('makes a participant a private contact on the list, and dismisses a mail', async () => {
      const listId = (await ada.call('POST', '/lists', { name: 'New', list_type: 'investor' })).json().id as number;
      const id = await unmatched(ada, { direction: 'sent' });
      const res = await assign(ada, id, { list_id: listId, new_contact: { email: 'Cy@NewFund.example', first_name: 'Cy', last_name: 'Young', firm_name: 'New Fund' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().touch).toMatchObject({ kind: 'email_sent' });
      const [contact] = await app.db.select().from(privateContacts).where(eq(privateContacts.id, res.json().investor_id));
      expect(contact).toMatchObject({ owner_id: ada.id, email: 'Cy@NewFund.example', first_name: 'Cy', firm_name: 'New Fund' });
      const rows = (await ada.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>;
      expect(rows.map((row) => row.id)).toEqual([res.json().investor_id]);
      expect(rows[0].pipeline).toMatchObject({ stage: 'contacted', answered_at: null });

      // Sent twice at once (two tabs, a replay without its key): one contact, one row, one touch.
      const twice = await unmatched(ada);
      const newContact = { email: 'dee@twice.example', first_name: 'Dee' };
      const answers = await Promise.all([1, 2].map(() => assign(ada, twice, { list_id: listId, new_contact: newContact })));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
      expect(await app.db.select().from(privateContacts).where(eq(privateContacts.email, newContact.email))).toHaveLength(1);
      expect((await ada.call('GET', `/lists/${listId}/items`)).json()).toHaveLength(2);

      const other = await unmatched(ada);
      expect((await bea.call('DELETE', `${api(CAPTURE_API.inbox)}/${other}`)).statusCode).toBe(404);
      expect((await ada.call('DELETE', `${api(CAPTURE_API.inbox)}/${other}`)).statusCode).toBe(204);
      expect((await ada.call('DELETE', `${api(CAPTURE_API.inbox)}/${other}`)).statusCode).toBe(404);
      expect((await inbox(ada)).map((mail) => mail.id)).not.toContain(other);
      const [kept] = await app.db.select().from(capturedMails).where(eq(capturedMails.id, other));
      expect(kept).toMatchObject({ status: 'dismissed', snippet: '' });
    });
  });
});
