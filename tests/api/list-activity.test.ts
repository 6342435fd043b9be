// Who did what on a shared list: each row's activity (every kind of change, newest first, with its author),
// the author of the last change on each row (updated_by) and of each note (each deletes only their own), and
// the follow-ups and morning mail of those who edit a list. A deleted note's text is gone from the activity and
// the stored events; a member who joins later is served only what happened since.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { listActivity, listEvents, listMembers } from '../../src/server/db/schema.js';
import { lastEventBeforeJoining } from '../../src/server/modules/lists/since-joined.js';
import { localDay } from '../../src/server/modules/pipeline/days.js';
import type { FollowUpRow, Pipeline } from '../../src/shared/pipeline.js';
import { TEAM_MESSAGES, type ActivityEntry, type MemberRole } from '../../src/shared/teams.js';
import { buildMailingApp } from '../helpers/morning-mail.js';
import { testDatabases } from '../helpers/database.js';
import { insertFund, insertInvestor } from '../helpers/pipeline.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { joinList, member, type Member, type Sink } from '../helpers/teams.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('activity and authors on a shared list, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let sink: Sink;
  let now = new Date();
  let owner: Member;
  let editor: Member;
  let viewer: Member;
  let ana: number;
  let ben: number;
  let northwind: number;

  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ app, close } = await buildMailingApp(kind, { smtpUrl: sink.url, clock: () => now, digestHour: 0, everyMs: 3_600_000 }));
    [owner, editor, viewer] = [await member(app), await member(app), await member(app)];
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    ben = await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC');
    northwind = await insertFund(app, 'Northwind Partners');
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  async function sharedList(listType: 'investor' | 'fund' = 'investor', ids = [ana, ben], name = 'Raise'): Promise<number> {
    now = new Date();
    const listId = (await owner.call('POST', '/lists', { name, list_type: listType })).json().id as number;
    await owner.call('POST', `/lists/${listId}/${listType}s/batch`, { [`${listType}_ids`]: ids });
    for (const [who, role] of [[editor, 'editor'], [viewer, 'viewer']] as Array<[Member, MemberRole]>) {
      await app.db.insert(listMembers).values({ list_id: listId, user_id: who.id, role });
    }
    return listId;
  }

  const by = (who: Member) => ({ id: who.id, first_name: 'Ada', last_name: who.user.last_name });
  const activityOf = async (who: Member, listId: number, itemId: number, segment = 'investors') => {
    const res = await who.call('GET', `/lists/${listId}/${segment}/${itemId}/activity`);
    expect(res.statusCode).toBe(200);
    return res.json() as ActivityEntry[];
  };
  const pipelineOf = async (who: Member, listId: number, itemId: number) =>
    ((await who.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>).find((row) => row.id === itemId)!
      .pipeline;

  it('records every kind of change to a row, newest first, each with who made it and when', async () => {
    const listId = await sharedList();
    const row = `/lists/${listId}/investors/${ana}`;
    await editor.call('PATCH', row, { stage: 'meeting' });
    await editor.call('PATCH', row, { follow_up_on: '2027-03-01', amount: 250_000 });
    const note = (await editor.call('POST', `${row}/notes`, { body: 'Partner meeting booked' })).json();
    expect((await editor.call('DELETE', `${row}/notes/${note.id}`)).statusCode).toBe(204);
    await owner.call('PATCH', row, { amount: null });
    expect((await owner.call('DELETE', row)).statusCode).toBe(204);

    const entries = await activityOf(owner, listId, ana);
    const entry = (action: string, user: Member, extra: Partial<ActivityEntry> = {}) => ({
      id: expect.any(Number),
      action,
      from: null,
      to: null,
      note: null,
      user: by(user),
      created_at: expect.any(String),
      ...extra,
    });
    expect(entries).toEqual([
      entry('removed', owner),
      entry('amount', owner, { from: 250_000, to: null }),
      // The note is deleted: who added it and who deleted it, and when, but not what it said.
      entry('note_deleted', editor),
      entry('note_added', editor),
      // One call changing two fields writes an entry for each, in the order of the fields.
      entry('amount', editor, { from: null, to: 250_000 }),
      entry('follow_up', editor, { from: null, to: '2027-03-01' }),
      entry('stage', editor, { from: 'lead', to: 'meeting' }),
      entry('added', owner),
    ]);
    const times = entries.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));

    // The other row's history is its own; a fund list's rows have theirs under …/funds/….
    expect((await activityOf(owner, listId, ben)).map((e) => e.action)).toEqual(['added']);
    const fundList = await sharedList('fund', [northwind]);
    await editor.call('PATCH', `/lists/${fundList}/funds/${northwind}`, { stage: 'contacted' });
    expect((await activityOf(owner, fundList, northwind, 'funds')).map((e) => [e.action, e.user?.id])).toEqual([
      ['stage', editor.id],
      ['added', owner.id],
    ]);
    // Members joined after the row was added: they see what happened since.
    expect((await activityOf(viewer, fundList, northwind, 'funds')).map((e) => [e.action, e.user?.id])).toEqual([['stage', editor.id]]);
    expect(await activityOf(owner, listId, 999_999)).toEqual([]);
  });

  it('forgets a deleted note’s text: the activity keeps who and when, and no stored event holds it', async () => {
    const listId = await sharedList();
    const row = `/lists/${listId}/investors/${ana}`;
    const secret = 'Their terms: 8M pre, 2x preference';
    const note = (await editor.call('POST', `${row}/notes`, { body: secret })).json();
    await editor.call('POST', `${row}/notes`, { body: 'A note that stays' });
    await owner.call('POST', `/lists/${listId}/investors/${ben}/notes`, { body: 'Ben’s secret' });
    expect((await editor.call('DELETE', `${row}/notes/${note.id}`)).statusCode).toBe(204);
    // A row taken off the list takes its notes, and their texts, with it.
    expect((await owner.call('DELETE', `/lists/${listId}/investors/${ben}`)).statusCode).toBe(204);

    const entries = await activityOf(owner, listId, ana);
    expect(entries.slice(0, 3)).toEqual([
      { id: expect.any(Number), action: 'note_deleted', from: null, to: null, note: null, user: by(editor), created_at: expect.any(String) },
      expect.objectContaining({ action: 'note_added', note: { id: expect.any(Number), body: 'A note that stays' } }),
      expect.objectContaining({ action: 'note_added', note: null, user: by(editor) }),
    ]);
    const served = JSON.stringify([entries, await activityOf(owner, listId, ben)]);
    const stored = async () => JSON.stringify(await app.db.select().from(listEvents).where(eq(listEvents.list_id, listId)));
    const written = JSON.stringify(await app.db.select().from(listActivity).where(eq(listActivity.list_id, listId)));
    for (const text of [served, await stored(), written]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('Ben’s secret');
      expect(text).toContain('A note that stays');
    }
    // A deleted list's last event outlives it (for its streams to end); its notes' texts do not.
    expect((await owner.call('DELETE', `/lists/${listId}`)).statusCode).toBe(204);
    expect(await stored()).not.toContain('A note that stays');
  });

  it('serves a member who joins later only what happened since: in the activity, and events to resume from', async () => {
    now = new Date();
    const listId = (await owner.call('POST', '/lists', { name: 'Joined later', list_type: 'investor' })).json().id as number;
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
    const row = `/lists/${listId}/investors/${ana}`;
    await owner.call('PATCH', row, { stage: 'meeting' });
    await owner.call('POST', `${row}/notes`, { body: 'Before they came' });
    const newcomer = await member(app);
    await joinList(sink, owner.call, listId, newcomer, 'editor');

    expect(await activityOf(newcomer, listId, ana)).toEqual([]);
    await newcomer.call('PATCH', row, { stage: 'term_sheet' });
    expect((await activityOf(newcomer, listId, ana)).map((e) => [e.action, e.user?.id])).toEqual([['stage', newcomer.id]]);
    expect((await activityOf(owner, listId, ana)).map((e) => e.action)).toEqual(['stage', 'note_added', 'stage', 'added']);

    const events = await app.db
      .select({ id: listEvents.id, type: listEvents.type, data: listEvents.data })
      .from(listEvents)
      .where(eq(listEvents.list_id, listId))
      .orderBy(asc(listEvents.id));
    const joined = events.findIndex((event) => event.type === 'member-added' && event.data.user_id === newcomer.id);
    expect(events.slice(0, joined).map((event) => event.type)).toEqual(['row-added', 'row-changed', 'note-added']);
    expect(await lastEventBeforeJoining(app.db, listId, newcomer.id)).toBe(events[joined - 1].id);
    expect(await lastEventBeforeJoining(app.db, listId, owner.id)).toBe(0);
  });

  it('records nothing for a change that changes no value or loses to a later one', async () => {
    const listId = await sharedList();
    const row = `/lists/${listId}/investors/${ana}`;
    await owner.call('PATCH', row, { stage: 'lead' });
    await editor.call('PATCH', row, { stage: 'contacted' });
    const late = await owner.call('PATCH', row, { stage: 'passed', changed_at: new Date(Date.now() - HOUR).toISOString() });
    expect(late.json().superseded).toEqual(['stage']);
    expect((await activityOf(owner, listId, ana)).map((e) => e.action)).toEqual(['stage', 'added']);
  });

  it('names the author of each row’s last change, and keeps it when a change made earlier arrives later', async () => {
    const listId = await sharedList();
    expect((await pipelineOf(viewer, listId, ana)).updated_by).toEqual(by(owner));
    now = new Date(Date.now() + HOUR);
    const patched = await editor.call('PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'meeting' });
    expect(patched.json().pipeline).toMatchObject({ stage: 'meeting', updated_at: now.toISOString(), updated_by: by(editor) });
    expect((await pipelineOf(viewer, listId, ana)).updated_by).toEqual(by(editor));
    // Made on the owner's phone before the editor's change, arriving after: it wins its field (amount was never
    // set) but is not the row's latest change, which stays the editor's.
    const offline = await owner.call('PATCH', `/lists/${listId}/investors/${ana}`, {
      amount: 1000,
      changed_at: new Date(now.getTime() - HOUR / 2).toISOString(),
    });
    expect(offline.json().pipeline).toMatchObject({ amount: 1000, updated_at: now.toISOString(), updated_by: by(editor) });
    const memberships = (await viewer.call('GET', `/investors/${ana}/lists`)).json();
    expect(memberships.find((m: { list_id: number }) => m.list_id === listId)).toMatchObject({ role: 'viewer', pipeline: { updated_by: by(editor) } });
  });

  it('shows each note’s author, and lets each delete only their own', async () => {
    const listId = await sharedList();
    const notes = `/lists/${listId}/investors/${ana}/notes`;
    const mine = (await owner.call('POST', notes, { body: 'Owner’s note' })).json();
    const theirs = (await editor.call('POST', notes, { body: 'Editor’s note' })).json();
    expect(theirs.author).toEqual(by(editor));
    expect(((await viewer.call('GET', notes)).json() as Array<{ body: string; author: unknown }>).map((n) => [n.body, n.author])).toEqual([
      ['Editor’s note', by(editor)],
      ['Owner’s note', by(owner)],
    ]);
    expect((await pipelineOf(viewer, listId, ana)).latest_note).toEqual(theirs);
    for (const [who, note] of [[owner, theirs], [editor, mine]] as const) {
      const refused = await who.call('DELETE', `${notes}/${note.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().detail).toBe(TEAM_MESSAGES.notYourNote);
    }
    expect((await viewer.call('DELETE', `${notes}/${mine.id}`)).json().detail).toBe(TEAM_MESSAGES.viewerCannotChange);
    expect((await editor.call('DELETE', `${notes}/${theirs.id}`)).statusCode).toBe(204);
    expect((await owner.call('DELETE', `${notes}/${mine.id}`)).statusCode).toBe(204);
    expect((await viewer.call('GET', notes)).json()).toEqual([]);
  });

  it('puts the rows of lists one edits among one’s follow-ups and in one’s morning mail, marked with the list', async () => {
    const today = localDay(new Date());
    const listId = await sharedList('investor', [ana], 'Team raise');
    await owner.call('PATCH', `/lists/${listId}/investors/${ana}`, { follow_up_on: today });
    const dueFor = async (who: Member) =>
      ((await who.call('GET', `/follow-ups?today=${today}`)).json() as FollowUpRow[]).filter((row) => row.list_id === listId);
    for (const who of [owner, editor]) {
      expect((await dueFor(who)).map((row) => [row.list_id, row.list_name, row.item_id, row.due])).toEqual([[listId, 'Team raise', ana, 'today']]);
    }
    expect(await dueFor(viewer)).toEqual([]);

    await app.morningMail.tick();
    const mailTo = (who: Member) => sink.mails.find((mail) => mail.to.includes(who.email));
    expect(mailTo(editor)?.text).toMatch(new RegExp(`Ana Stone \\(Stone Capital\\), .*, on Team raise: http://app.test/lists/${listId}`));
    expect(mailTo(viewer)).toBeUndefined();
  });
});
