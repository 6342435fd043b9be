// A list's changes, live (GET /api/v1/lists/{id}/events): real HTTP streams read as EventSource reads them.
// On one instance (PGlite, and PostgreSQL with TEST_DATABASE_URL), then on two instances on one PostgreSQL
// fed through LISTEN/NOTIFY, and through Redis pub/sub.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { investors, listActivity, listEvents, listMembers, lists } from '../../src/server/db/schema.js';
import { openDatabase } from '../../src/server/db/client.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';
import { signEventsTicket } from '../../src/server/modules/live/tickets.js';
import type { ListEventData, MemberRole } from '../../src/shared/teams.js';
import { buildTestApp } from '../helpers/app.js';
import { createPostgresDatabase, testDatabases } from '../helpers/database.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { insertInvestor } from '../helpers/pipeline.js';
import { reachableRedis } from '../helpers/redis.js';
import { member, type Member } from '../helpers/teams.js';

type Instance = Awaited<ReturnType<typeof buildTestApp>>;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A member added straight to the list (the invitation suites test how one joins). */
async function addMember(app: FastifyInstance, listId: number, who: Member, role: MemberRole) {
  await app.db.insert(listMembers).values({ list_id: listId, user_id: who.id, role });
}

const data = (event: { data: unknown }) => event.data as ListEventData & Record<string, unknown>;
const person = (who: Member) => ({ id: who.id, first_name: 'Ada', last_name: who.user.last_name });

describe.each(testDatabases())('live list events on $name', (kind) => {
  let instance: Instance;
  let app: FastifyInstance;
  let base: string;
  let owner: Member;
  let editor: Member;
  let viewer: Member;
  let stranger: Member;
  let rows: number[];
  const streams: EventStream[] = [];

  beforeAll(async () => {
    instance = await buildTestApp(kind, { rateLimit: false, eventsHeartbeatMs: 300 });
    app = instance.app;
    base = await listen(app);
    [owner, editor, viewer, stranger] = [await member(app), await member(app), await member(app), await member(app)];
    rows = [await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital'), await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC')];
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await instance.close();
  });

  async function sharedList(): Promise<number> {
    const listId = (await owner.call('POST', '/lists', { name: 'Raise', list_type: 'investor' })).json().id as number;
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [rows[0]] });
    await addMember(app, listId, editor, 'editor');
    await addMember(app, listId, viewer, 'viewer');
    return listId;
  }

  async function open(listId: number, who: Member | null, query = '', headers: Record<string, string> = {}) {
    const auth: Record<string, string> = who ? { authorization: `Bearer ${who.token}` } : {};
    const stream = await openEventStream(`${base}/api/v1/lists/${listId}/events${query}`, { ...auth, ...headers });
    streams.push(stream);
    return stream;
  }

  it('starts with ready, then sends each change within 2 s: the row, what changed and who changed it', async () => {
    const listId = await sharedList();
    const stream = await open(listId, viewer);
    expect(stream.status).toBe(200);
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(Number(ready.id)).toBeGreaterThan(0);

    const changes: Array<[() => Promise<unknown>, Record<string, unknown>]> = [
      [
        () => editor.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'meeting', amount: 5000 }),
        { type: 'row-changed', kind: 'investor', item_id: rows[0], changes: { stage: { from: 'lead', to: 'meeting' }, amount: { from: null, to: 5000 } } },
      ],
      [
        () => editor.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [rows[1]] }),
        { type: 'row-added', kind: 'investor', item_id: rows[1] },
      ],
      [
        () => editor.call('POST', `/lists/${listId}/investors/${rows[1]}/notes`, { body: 'Met them' }),
        {
          type: 'note-added',
          kind: 'investor',
          item_id: rows[1],
          note: { id: expect.any(Number), body: 'Met them', created_at: expect.any(String), author: person(editor) },
        },
      ],
      [() => owner.call('PATCH', `/lists/${listId}`, { name: 'Seed raise' }), { type: 'list-changed', name: 'Seed raise', description: '' }],
      [() => editor.call('DELETE', `/lists/${listId}/investors/${rows[1]}`), { type: 'row-removed', kind: 'investor', item_id: rows[1] }],
    ];
    let last = Number(ready.id);
    for (const [change, expected] of changes) {
      const started = Date.now();
      const res = (await change()) as { statusCode: number };
      expect(res.statusCode).toBeLessThan(300);
      const event = await stream.next(undefined, 2000);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(event.event).toBe(expected.type);
      const by = expected.type === 'list-changed' ? person(owner) : person(editor);
      expect(event.data).toEqual({ list_id: listId, by, at: expect.any(String), ...expected });
      if (expected.type === 'row-changed') {
        // Its time is the row's new updated_at (as the list's rows read it), not when a screen receives it.
        const items = (await viewer.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: { updated_at: string } }>;
        const updatedAt = Date.parse(items.find((item) => item.id === rows[0])!.pipeline.updated_at);
        expect(Math.abs(Date.parse((event.data as { at: string }).at) - updatedAt)).toBeLessThan(1000);
      }
      expect(Number(event.id)).toBeGreaterThan(last);
      last = Number(event.id);
    }
  });

  it('tells a batch adding more than one row once, with a stored reset by its author, and a batch adding one row by its row-added', async () => {
    const listId = await sharedList();
    const [stream, sidebar] = [await open(listId, viewer), await openEventStream(`${base}/api/v1/lists/events`, { authorization: `Bearer ${viewer.token}` })];
    streams.push(sidebar);
    expect((await stream.next()).event).toBe('ready');
    const many = (
      await app.db
        .insert(investors)
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            first_name: `Batch${i}`,
            last_name: 'Added',
            contact_title: 'Partner',
            email: `batch${i}@example.test`,
            gender: 'Female',
            phone: '15551234567',
            firm_name: `Firm ${i}`,
            type_of_firm: 'Venture Capital Fund',
            office_website: 'https://firm.example',
            city: 'Berlin',
            state: 'NaN',
            country: 'Germany',
          })),
        )
        .returning({ id: investors.id })
    ).map((row) => row.id);
    const storedEvents = async () => (await app.db.select({ n: count() }).from(listEvents).where(eq(listEvents.list_id, listId)))[0].n;
    const eventsBefore = await storedEvents();
    let seen = 1;
    /** What the stream sent since the last mark up to a new one, a change made after the batch: all the batch's. */
    const toldUntilMark = async (stage: 'meeting' | 'lead') => {
      expect((await owner.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage })).statusCode).toBe(200);
      const mark = await stream.next((event) => event.event === 'row-changed' && data(event).item_id === rows[0], 10_000);
      const at = stream.events.indexOf(mark);
      const told = stream.events.slice(seen, at);
      seen = at + 1;
      return told;
    };

    const batch = await editor.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: many });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toMatchObject({ added: many, already_in_list: [], item_count: 301 });
    const told = await toldUntilMark('meeting');
    expect(told.map((event) => event.event)).toEqual(['reset']);
    expect(told[0].data).toEqual({ type: 'reset', list_id: listId, at: expect.any(String), by: person(editor) });
    // Stored once too: one event for the batch, one for the mark.
    expect((await storedEvents()) - eventsBefore).toBe(2);
    expect(await sidebar.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    // Each row's activity is logged as it was, one a row added, by who added it.
    const added = and(eq(listActivity.list_id, listId), eq(listActivity.action, 'added'), eq(listActivity.user_id, editor.id));
    expect((await app.db.select({ n: count() }).from(listActivity).where(added))[0].n).toBe(many.length);

    // A batch that adds one row, even among ids already on the list, sends that row's own event.
    const one = await editor.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [rows[0], rows[1]] });
    expect(one.json()).toMatchObject({ added: [rows[1]], already_in_list: [rows[0]] });
    const toldOne = await toldUntilMark('lead');
    expect(toldOne.map((event) => event.data)).toEqual([{ type: 'row-added', list_id: listId, at: expect.any(String), by: person(editor), kind: 'investor', item_id: rows[1] }]);
    expect((await storedEvents()) - eventsBefore).toBe(4);
    // A batch that adds nothing sends nothing.
    expect((await editor.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [rows[1]] })).json()).toMatchObject({ added: [] });
    expect(await storedEvents()).toBe(eventsBefore + 4);
  }, 30_000);

  it('sends no event for a change that changes nothing, and none of another list', async () => {
    const listId = await sharedList();
    const other = await sharedList();
    const stream = await open(listId, editor);
    await stream.next();
    await owner.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'lead' });
    await owner.call('PATCH', `/lists/${other}/investors/${rows[0]}`, { stage: 'passed' });
    await owner.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'contacted' });
    const event = await stream.next();
    expect(data(event)).toMatchObject({ list_id: listId, changes: { stage: { from: 'lead', to: 'contacted' } } });
  });

  it('resumes after Last-Event-ID or last_event_id with exactly the events missed, and resets from an id it cannot resume', async () => {
    const listId = await sharedList();
    const first = await open(listId, viewer);
    const ready = await first.next();
    first.close();
    await editor.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'contacted' });
    await editor.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'meeting' });
    for (const [query, headers] of [
      ['', { 'last-event-id': ready.id! }],
      [`?last_event_id=${ready.id}`, {}],
      // The header is what EventSource sends on reconnecting, with the URL it first opened: it wins.
      ['?last_event_id=1', { 'last-event-id': ready.id! }],
    ] as const) {
      const resumed = await open(listId, viewer, query, headers);
      const stages = [(await resumed.next()).data, (await resumed.next()).data].map((d) => (d as { changes: { stage: { to: string } } }).changes.stage.to);
      expect(stages).toEqual(['contacted', 'meeting']);
      expect(resumed.events.map((event) => event.event)).toEqual(['row-changed', 'row-changed']);
      resumed.close();
    }
    const ahead = await open(listId, viewer, '?last_event_id=999999999');
    expect((await ahead.next()).event).toBe('reset');
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const stream = await open(await sharedList(), viewer);
    await stream.next();
    const deadline = Date.now() + 2000;
    while (!stream.comments.includes('heartbeat') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(stream.comments).toContain('heartbeat');
  });

  it('opens with a ticket instead of the token, for that list and member only, for a minute', async () => {
    const listId = await sharedList();
    const other = await sharedList();
    const issued = await viewer.call('POST', `/lists/${listId}/events/ticket`);
    expect(issued.statusCode).toBe(200);
    const { ticket, expires_at } = issued.json() as { ticket: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(50_000);
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(ticket).not.toContain(viewer.token);

    const opened = await open(listId, null, `?ticket=${ticket}`);
    expect(opened.status).toBe(200);
    expect((await opened.next()).event).toBe('ready');

    const expired = (await signEventsTicket(app.config.jwtSecret, viewer.id, { sessionId: randomUUID(), endsAt: Date.now() }, listId, Date.now() - 120_000)).ticket;
    const accessToken = await signAccessToken(app.config.jwtSecret, viewer.id);
    for (const [id, query] of [
      [other, `?ticket=${ticket}`],
      [listId, `?ticket=${expired}`],
      [listId, `?ticket=${accessToken}`],
      [listId, ''],
    ] as const) {
      expect((await open(id, null, query)).status, query.slice(0, 20)).toBe(401);
    }
    // A ticket opens the stream and nothing else.
    const asBearer = await app.inject({ url: `/api/v1/lists/${listId}`, headers: { authorization: `Bearer ${ticket}` } });
    expect(asBearer.statusCode).toBe(401);
    expect((await stranger.call('POST', `/lists/${listId}/events/ticket`)).statusCode).toBe(404);
    expect((await open(listId, stranger)).status).toBe(404);
  });

  it('tells a removed member, ends their stream, and answers their next request 404; others keep theirs', async () => {
    const listId = await sharedList();
    const removed = await open(listId, viewer);
    const staying = await open(listId, editor);
    await removed.next();
    await staying.next();
    expect((await owner.call('DELETE', `/lists/${listId}/members/${viewer.id}`)).statusCode).toBe(204);
    expect(data(await removed.next())).toMatchObject({ type: 'member-removed', user_id: viewer.id });
    await removed.ended;
    expect(data(await staying.next())).toMatchObject({ type: 'member-removed', user_id: viewer.id });
    expect((await viewer.call('GET', `/lists/${listId}`)).statusCode).toBe(404);
    expect((await open(listId, viewer)).status).toBe(404);
    await editor.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'passed' });
    expect((await staying.next()).event).toBe('row-changed');
  });

  it("tells a user's own lists stream what changes in their sidebar: rows added to their lists, a list they were removed from, none of others", async () => {
    const listId = await sharedList();
    const other = (await stranger.call('POST', '/lists', { name: 'Elsewhere', list_type: 'investor' })).json().id as number;
    const openMine = async (who: Member) => {
      const stream = await openEventStream(`${base}/api/v1/lists/events`, { authorization: `Bearer ${who.token}` });
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const [viewers, editors] = [await openMine(viewer), await openMine(editor)];

    await stranger.call('POST', `/lists/${other}/investors/batch`, { investor_ids: [rows[0]] });
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [rows[1]] });
    for (const stream of [viewers, editors]) {
      const event = await stream.next();
      expect(event).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    }
    await editor.call('PATCH', `/lists/${listId}/investors/${rows[0]}`, { stage: 'meeting' });

    expect((await owner.call('DELETE', `/lists/${listId}/members/${viewer.id}`)).statusCode).toBe(204);
    expect(await viewers.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    expect(await editors.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    await owner.call('DELETE', `/lists/${listId}/investors/${rows[1]}`);
    expect(await editors.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    // Nothing else reached the removed viewer: not the row removed after, not the stage change, not the other list.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(viewers.events.map((event) => event.event)).toEqual(['lists-changed', 'lists-changed']);
    expect(editors.events).toHaveLength(3);
  });

  it("opens a user's own lists stream with a ticket for it, and with no list's ticket", async () => {
    const listId = await sharedList();
    const ticket = (await editor.call('POST', '/lists/events/ticket')).json() as { ticket: string };
    const listTicket = (await editor.call('POST', `/lists/${listId}/events/ticket`)).json() as { ticket: string };
    const withTicket = await openEventStream(`${base}/api/v1/lists/events?ticket=${encodeURIComponent(ticket.ticket)}`);
    streams.push(withTicket);
    expect(withTicket.status).toBe(200);
    expect((await openEventStream(`${base}/api/v1/lists/events?ticket=${encodeURIComponent(listTicket.ticket)}`)).status).toBe(401);
    expect((await openEventStream(`${base}/api/v1/lists/${listId}/events?ticket=${encodeURIComponent(ticket.ticket)}`)).status).toBe(401);
    expect((await openEventStream(`${base}/api/v1/lists/events`)).status).toBe(401);
  });

  it('tells everyone when the list is deleted, and ends every stream of it', async () => {
    const listId = await sharedList();
    const mine = [await open(listId, editor), await open(listId, viewer)];
    for (const stream of mine) await stream.next();
    expect((await owner.call('DELETE', `/lists/${listId}`)).statusCode).toBe(204);
    for (const stream of mine) {
      expect(data(await stream.next())).toMatchObject({ type: 'list-deleted', list_id: listId, by: person(owner) });
      await stream.ended;
    }
  });

  it('tells a stream why it ends when a heartbeat finds the list gone before the news of it reached this instance', async () => {
    const listId = await sharedList();
    const stream = await open(listId, viewer);
    await stream.next();
    // Deleted as another instance would whose message got lost: only the heartbeat finds the list gone.
    await app.db.transaction(async (tx) => {
      await tx.insert(listEvents).values({ list_id: listId, user_id: owner.id, type: 'list-deleted' });
      await tx.delete(lists).where(eq(lists.id, listId));
    });
    expect(data(await stream.next())).toMatchObject({ type: 'list-deleted', list_id: listId, by: person(owner) });
    await stream.ended;
  });

  it('ends every stream when the server closes', async () => {
    const other = await buildTestApp(kind, { rateLimit: false });
    const url = await listen(other.app);
    const someone = await member(other.app);
    const listId = (await someone.call('POST', '/lists', { name: 'Mine', list_type: 'fund' })).json().id as number;
    const stream = await openEventStream(`${url}/api/v1/lists/${listId}/events`, { authorization: `Bearer ${someone.token}` });
    await stream.next();
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[live-events] skipped two instances on one PostgreSQL: TEST_DATABASE_URL is not set');
const redisUrl = serverUrl ? await reachableRedis() : undefined;

describe.each([
  { feed: 'LISTEN/NOTIFY', redis: undefined, skip: !serverUrl },
  { feed: 'Redis pub/sub', redis: redisUrl, skip: !serverUrl || !redisUrl },
])('two instances on one PostgreSQL, fed through $feed', ({ redis, skip }) => {
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  let urlB: string;
  let owner: Member;
  let viewer: Member;
  let ana: number;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    if (skip) return;
    let url: string;
    ({ url, drop } = await createPostgresDatabase(serverUrl!));
    const kind = { name: 'postgres' as const, open: () => openDatabase({ url }) };
    a = await buildTestApp(kind, { rateLimit: false, config: { redisUrl: redis } });
    b = await buildTestApp(kind, { rateLimit: false, config: { redisUrl: redis } });
    urlB = await listen(b.app);
    owner = await member(a.app);
    viewer = await member(a.app);
    ana = await insertInvestor(a.app, 'Ana', 'Stone', 'Stone Capital');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await a?.close();
    await b?.close();
    await drop?.();
  });

  async function sharedList(): Promise<number> {
    const listId = (await owner.call('POST', '/lists', { name: 'Raise', list_type: 'investor' })).json().id as number;
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
    await addMember(a.app, listId, viewer, 'viewer');
    return listId;
  }

  async function openOnB(listId: number) {
    const stream = await openEventStream(`${urlB}/api/v1/lists/${listId}/events`, { authorization: `Bearer ${viewer.token}` });
    streams.push(stream);
    expect((await stream.next()).event).toBe('ready');
    return stream;
  }

  it.skipIf(skip)('brings a change made on one to a stream on the other within 2 s', async () => {
    const listId = await sharedList();
    const stream = await openOnB(listId);
    const started = Date.now();
    await owner.call('PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'committed' });
    const event = await stream.next(undefined, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(data(event)).toMatchObject({ type: 'row-changed', changes: { stage: { from: 'lead', to: 'committed' } } });
  });

  it.skipIf(skip)('sends every one of many changes made at once on both, each once, in order', async () => {
    const listId = await sharedList();
    const stream = await openOnB(listId);
    const amounts = Array.from({ length: 20 }, (_, i) => (i + 1) * 1000);
    const instances = [a.app, b.app];
    const headers = { authorization: `Bearer ${owner.token}` };
    await Promise.all(
      amounts.map((amount, i) =>
        instances[i % 2].inject({ method: 'POST', url: `/api/v1/lists/${listId}/investors/${ana}/notes`, headers, payload: { body: `Note ${amount}` } }),
      ),
    );
    const received = [];
    for (const _ of amounts) received.push(await stream.next(undefined, 5000));
    const ids = received.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const bodies = received.map((event) => (data(event).note as { body: string }).body);
    expect(new Set(bodies).size).toBe(amounts.length);
  });

  it.skipIf(skip)('refuses on the other a member removed on one, and ends their stream there', async () => {
    const listId = await sharedList();
    const stream = await openOnB(listId);
    expect((await viewer.call('GET', `/lists/${listId}`)).statusCode).toBe(200);
    expect((await owner.call('DELETE', `/lists/${listId}/members/${viewer.id}`)).statusCode).toBe(204);
    const onB = await b.app.inject({ url: `/api/v1/lists/${listId}`, headers: { authorization: `Bearer ${viewer.token}` } });
    expect(onB.statusCode).toBe(404);
    expect(data(await stream.next())).toMatchObject({ type: 'member-removed', user_id: viewer.id });
    await stream.ended;
  });
});
