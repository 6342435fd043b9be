// A row's touches (issue 46): calls, meetings and messages logged by hand, and mails captured (through addTouch,
// as the capture intake logs them). Each moves the row (last contacted, answered, Lead to Contacted, a follow-up
// when none), shows in the activity with its kind and subject, hides its text from the other members until its
// author shares it, and takes its text with it when deleted.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { listEvents, listMembers, rowTouches } from '../../src/server/db/schema.js';
import { changeList } from '../../src/server/modules/lists/list-change.js';
import { localDay } from '../../src/server/modules/pipeline/days.js';
import { addTouch, type NewTouch } from '../../src/server/modules/pipeline/touch-store.js';
import { CAPTURE_MESSAGES, TOUCHES_PER_ROW_MAX, type Touch } from '../../src/shared/capture.js';
import { addDays } from '../../src/shared/days.js';
import type { Pipeline } from '../../src/shared/pipeline.js';
import type { ActivityEntry, MemberRole } from '../../src/shared/teams.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { insertFund, insertInvestor } from '../helpers/pipeline.js';
import { openEventStream } from '../helpers/event-stream.js';
import { member, type Member } from '../helpers/teams.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('touches on a row, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Member;
  let editor: Member;
  let viewer: Member;
  let ana: number;
  let ben: number;
  let northwind: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind));
    [owner, editor, viewer] = [await member(app), await member(app), await member(app)];
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    ben = await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC');
    northwind = await insertFund(app, 'Northwind Partners');
  });
  afterAll(async () => close());

  async function sharedList(listType: 'investor' | 'fund' = 'investor', ids = [ana, ben]): Promise<number> {
    const listId = (await owner.call('POST', '/lists', { name: 'Raise', list_type: listType })).json().id as number;
    await owner.call('POST', `/lists/${listId}/${listType}s/batch`, { [`${listType}_ids`]: ids });
    for (const [who, role] of [[editor, 'editor'], [viewer, 'viewer']] as Array<[Member, MemberRole]>) {
      await app.db.insert(listMembers).values({ list_id: listId, user_id: who.id, role });
    }
    return listId;
  }

  const touchesUrl = (listId: number, itemId: number, segment = 'investors') => `/lists/${listId}/${segment}/${itemId}/touches`;
  const touchesOf = async (who: Member, listId: number, itemId: number, segment = 'investors') => {
    const res = await who.call('GET', touchesUrl(listId, itemId, segment));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Touch[];
  };
  const pipelineOf = async (who: Member, listId: number, itemId: number) =>
    ((await who.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>).find((row) => row.id === itemId)!
      .pipeline;
  const activityOf = async (who: Member, listId: number, itemId: number) =>
    (await who.call('GET', `/lists/${listId}/investors/${itemId}/activity`)).json() as ActivityEntry[];

  /** A mail captured for `who`, logged on the row as the intake does. */
  const capture = (who: Member, listId: number, itemId: number, touch: Partial<NewTouch> = {}) =>
    changeList(app, { userId: who.id, listId }, 'edit', (tx, _access, log) =>
      addTouch(
        tx,
        log,
        { kind: 'investor', listId, itemId },
        who.id,
        {
          kind: 'email_sent',
          subject: 'Our seed round',
          body: 'Hi Ana, we are raising',
          shared: false,
          participants: [{ address: 'ana@example.test', name: 'Ana Stone' }],
          match: 'exact',
          messageId: `<${randomUUID()}@mail.test>`,
          mailId: null,
          happenedAt: new Date(),
          answered: false,
          ...touch,
        },
        7,
      ),
    );

  it('logs a call by hand: the row turns Contacted, gets a follow-up and its last contacted time, all told in the activity', async () => {
    const listId = await sharedList();
    const happened = new Date(Date.now() - 2 * DAY);
    const res = await editor.call('POST', touchesUrl(listId, ana), {
      kind: 'call',
      subject: ' Intro call ',
      body: '  Liked the team; wants the deck  ',
      happened_at: happened.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      kind: 'call',
      subject: 'Intro call',
      body: 'Liked the team; wants the deck',
      shared: true,
      participants: [],
      match: null,
      happened_at: happened.toISOString(),
      author: { id: editor.id, first_name: 'Ada', last_name: editor.user.last_name },
    });
    expect(await pipelineOf(owner, listId, ana)).toMatchObject({
      stage: 'contacted',
      follow_up_on: addDays(localDay(happened), 7),
      last_contacted_at: happened.toISOString(),
      answered_at: null,
    });
    // Shared from the start: every member reads its text.
    expect(await touchesOf(viewer, listId, ana)).toEqual([res.json()]);
    const actions = (await activityOf(viewer, listId, ana)).map((entry) => [entry.action, entry.touch ?? null, entry.to]);
    expect(actions.slice(0, 3)).toEqual(
      expect.arrayContaining([
        ['touch_added', { id: res.json().id, kind: 'call', subject: 'Intro call' }, null],
        ['stage', null, 'contacted'],
        ['follow_up', null, addDays(localDay(happened), 7)],
      ]),
    );
  });

  it('never moves a stage backwards, keeps a follow-up set, takes a future time as now, and marks an answer', async () => {
    const listId = await sharedList();
    await owner.call('PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'meeting', follow_up_on: '2030-01-02' });
    const before = Date.now();
    const res = await owner.call('POST', touchesUrl(listId, ana), {
      kind: 'email_received',
      happened_at: new Date(Date.now() + 30 * DAY).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const at = Date.parse(res.json().happened_at);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(await pipelineOf(owner, listId, ana)).toMatchObject({
      stage: 'meeting',
      follow_up_on: '2030-01-02',
      last_contacted_at: res.json().happened_at,
      answered_at: res.json().happened_at,
    });
    // An older touch leaves the last contacted time at the later one.
    await owner.call('POST', touchesUrl(listId, ana), { kind: 'meeting', happened_at: new Date(at - 5 * DAY).toISOString() });
    expect((await pipelineOf(owner, listId, ana)).last_contacted_at).toBe(res.json().happened_at);
    // Newest first.
    expect((await touchesOf(owner, listId, ana)).map((touch) => touch.kind)).toEqual(['email_received', 'meeting']);
  });

  it('shows a captured mail to co-founders without its text until its author shares it, and logs each Message-ID once', async () => {
    const listId = await sharedList();
    const messageId = '<once@mail.test>';
    const first = await capture(owner, listId, ana, { messageId });
    expect(first).toMatchObject({ kind: 'email_sent', subject: 'Our seed round', body: 'Hi Ana, we are raising', shared: false });
    expect(await capture(owner, listId, ana, { messageId, subject: 'Again' })).toBeNull();
    expect(await touchesOf(owner, listId, ana)).toHaveLength(1);
    // The same mail logs on another row of the list.
    expect(await capture(owner, listId, ben, { messageId })).not.toBeNull();

    const seen = (await touchesOf(editor, listId, ana))[0];
    expect(seen).toMatchObject({ id: first!.id, subject: 'Our seed round', body: null, shared: false, participants: first!.participants });
    expect((await touchesOf(owner, listId, ana))[0].body).toBe('Hi Ana, we are raising');
    // Its live event holds no text either.
    const [event] = await app.db
      .select({ data: listEvents.data })
      .from(listEvents)
      .where(and(eq(listEvents.list_id, listId), eq(listEvents.type, 'touch-added'), sql`${listEvents.data}->>'item_id' = ${String(ana)}`));
    expect((event.data as { touch: Touch }).touch).toMatchObject({ id: first!.id, body: null });

    const url = `${touchesUrl(listId, ana)}/${first!.id}`;
    const refused = await editor.call('PATCH', url, { shared: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CAPTURE_MESSAGES.notYourTouch });
    expect((await owner.call('PATCH', `${touchesUrl(listId, ana)}/999999999`, { shared: true })).statusCode).toBe(404);
    const shared = await owner.call('PATCH', url, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ shared: true, body: 'Hi Ana, we are raising' });
    expect((await touchesOf(viewer, listId, ana))[0].body).toBe('Hi Ana, we are raising');
    await owner.call('PATCH', url, { shared: false });
    expect((await touchesOf(viewer, listId, ana))[0].body).toBeNull();
    const events = await app.db
      .select({ data: listEvents.data })
      .from(listEvents)
      .where(and(eq(listEvents.list_id, listId), eq(listEvents.type, 'touch-added'), sql`${listEvents.data}->'touch'->>'id' = ${String(first!.id)}`));
    expect(events.map((row) => (row.data as { touch: Touch }).touch.body)).toEqual([null]);
  });

  it('deletes only its author\'s touch, and its subject and text go from the activity and the replayable events', async () => {
    const listId = await sharedList();
    const touch = (await editor.call('POST', touchesUrl(listId, ana), { kind: 'meeting', subject: 'Partner meeting', body: 'Secret terms' })).json() as Touch;
    const url = `${touchesUrl(listId, ana)}/${touch.id}`;
    expect((await owner.call('DELETE', url)).statusCode).toBe(403);
    expect((await viewer.call('DELETE', url)).statusCode).toBe(403);
    expect((await editor.call('DELETE', url)).statusCode).toBe(204);
    expect((await editor.call('DELETE', url)).statusCode).toBe(404);
    expect(await touchesOf(owner, listId, ana)).toEqual([]);
    const entries = await activityOf(owner, listId, ana);
    expect(entries[0]).toMatchObject({ action: 'touch_deleted', touch: null, user: { id: editor.id } });
    expect(entries.find((entry) => entry.action === 'touch_added')).toMatchObject({ touch: null });
    const stored = await app.db.select({ type: listEvents.type, data: listEvents.data }).from(listEvents).where(eq(listEvents.list_id, listId));
    expect(JSON.stringify(stored)).not.toContain('Secret terms');
    expect(JSON.stringify(stored)).not.toContain('Partner meeting');
    expect(stored.map((event) => event.type)).toContain('touch-deleted');
    // The row keeps when it was last contacted.
    expect((await pipelineOf(owner, listId, ana)).last_contacted_at).toBe(touch.happened_at);
  });

  it('takes the touches\' subjects and texts from the activity and the events when their row leaves the list', async () => {
    const listId = await sharedList();
    await editor.call('POST', touchesUrl(listId, ana), { kind: 'call', subject: 'Terms call', body: 'Valuation talk' });
    expect((await owner.call('DELETE', `/lists/${listId}/investors/${ana}`)).statusCode).toBe(204);
    expect((await activityOf(owner, listId, ana)).find((entry) => entry.action === 'touch_added')).toMatchObject({ touch: null });
    const stored = await app.db.select({ data: listEvents.data }).from(listEvents).where(eq(listEvents.list_id, listId));
    expect(JSON.stringify(stored)).not.toContain('Terms call');
    expect(JSON.stringify(stored)).not.toContain('Valuation talk');
    expect(await app.db.select().from(rowTouches).where(eq(rowTouches.list_id, listId))).toEqual([]);
  });

  it('lets a viewer read but not log, refuses bad input with a 422, and works on fund rows', async () => {
    const listId = await sharedList();
    const refused = await viewer.call('POST', touchesUrl(listId, ana), { kind: 'call' });
    expect(refused.statusCode).toBe(403);
    for (const body of [
      { kind: 'lunch' },
      {},
      { kind: 'call', body: 'x'.repeat(4001) },
      { kind: 'call', happened_at: 'yesterday' },
      { kind: 'call', happened_at: '1999-12-31T00:00:00Z' },
      { kind: 'call', subject: 's'.repeat(301) },
      { kind: 'call', answered: 'yes' },
      { kind: 'call', extra: 1 },
    ]) {
      const res = await owner.call('POST', touchesUrl(listId, ana), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await owner.call('POST', touchesUrl(listId, ana), { kind: 'call', body: `${'x'.repeat(2001)}` })).statusCode).toBe(422);
    // Not on the list, or a stranger: 404.
    const stranger = await member(app);
    expect((await stranger.call('GET', touchesUrl(listId, ana))).statusCode).toBe(404);
    const notOnList = await insertInvestor(app, 'Cy', 'Nobody', 'Nowhere');
    expect((await owner.call('POST', touchesUrl(listId, notOnList), { kind: 'call' })).statusCode).toBe(404);

    const fundList = await sharedList('fund', [northwind]);
    const res = await owner.call('POST', touchesUrl(fundList, northwind, 'funds'), { kind: 'message', body: 'Pinged on LinkedIn' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await touchesOf(viewer, fundList, northwind, 'funds')).map((touch) => touch.body)).toEqual(['Pinged on LinkedIn']);
    expect(await pipelineOf(owner, fundList, northwind)).toMatchObject({ stage: 'contacted', last_contacted_at: res.json().happened_at });
  });

  it('logs a touch once when the offline outbox replays it with the same Idempotency-Key', async () => {
    const listId = await sharedList();
    const key = { 'idempotency-key': randomUUID() };
    const payload = { kind: 'call', body: 'From the train' };
    const first = await owner.call('POST', touchesUrl(listId, ana), payload, key);
    expect(first.statusCode).toBe(201);
    const replays = await Promise.all([1, 2].map(() => owner.call('POST', touchesUrl(listId, ana), payload, key)));
    for (const replay of replays) {
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
    }
    expect(await touchesOf(owner, listId, ana)).toHaveLength(1);
    // The stored answer keeps no text: a replay after the touch is deleted answers none.
    await owner.call('DELETE', `${touchesUrl(listId, ana)}/${first.json().id}`);
    expect((await owner.call('POST', touchesUrl(listId, ana), payload, key)).json().body).toBe('');
  });

  it('tells every member\'s open stream at once: the touch (a private one without its text) and the row\'s change', async () => {
    const listId = await sharedList();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/v1/lists/${listId}/events`, { authorization: `Bearer ${viewer.token}` });
    try {
      expect(stream.status).toBe(200);
      await stream.next((event) => event.event === 'ready');
      const mail = await capture(owner, listId, ana, { subject: 'Deck attached', body: 'Private words' });
      const added = await stream.next((event) => event.event === 'touch-added');
      expect(added.data).toMatchObject({ kind: 'investor', item_id: ana, touch: { id: mail!.id, subject: 'Deck attached', body: null, shared: false } });
      const changed = await stream.next((event) => event.event === 'row-changed');
      expect(changed.data).toMatchObject({
        item_id: ana,
        changes: { stage: { from: 'lead', to: 'contacted' }, last_contacted_at: { from: null, to: mail!.happened_at } },
      });
      expect(JSON.stringify(stream.events)).not.toContain('Private words');
      await owner.call('DELETE', `${touchesUrl(listId, ana)}/${mail!.id}`);
      expect((await stream.next((event) => event.event === 'touch-deleted')).data).toMatchObject({ item_id: ana, touch_id: mail!.id });
    } finally {
      stream.close();
    }
  });

  it(`refuses a touch beyond ${TOUCHES_PER_ROW_MAX} on one row`, async () => {
    const listId = await sharedList();
    await app.db.insert(rowTouches).values(
      Array.from({ length: TOUCHES_PER_ROW_MAX }, () => ({ list_id: listId, investor_id: ana, user_id: owner.id, kind: 'call' as const, happened_at: new Date() })),
    );
    const res = await owner.call('POST', touchesUrl(listId, ana), { kind: 'call' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('2,000 touches');
  });
});
