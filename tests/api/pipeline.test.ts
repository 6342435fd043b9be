// The fundraising pipeline on list rows: PATCH a row's stage, follow-up and amount (last change wins per
// field), its notes, the follow-ups due across lists, and the lists an investor or fund is in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { pipelineNotes } from '../../src/server/db/schema.js';
import { addDays } from '../../src/shared/days.js';
import { localDay } from '../../src/server/modules/pipeline/days.js';
import { AMOUNT_MAX } from '../../src/server/modules/pipeline/schemas.js';
import type { FollowUpRow, ListMembership, Pipeline, PipelinePatchResult } from '../../src/shared/pipeline.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, insertFund, insertInvestor, listWith, type Call } from '../helpers/pipeline.js';
import { createVerifiedUser } from '../helpers/users.js';

const HOUR = 60 * 60 * 1000;

describe.each(testDatabases())('pipeline on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  /** The server's clock, moved by the tests. */
  let now = new Date();
  let owner: Call;
  let stranger: Call;
  let ana: number;
  let ben: number;
  let cy: number;
  let northwind: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, clock: () => now }));
    owner = caller(app, (await createVerifiedUser(app)).headers);
    stranger = caller(app, (await createVerifiedUser(app)).headers);
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    ben = await insertInvestor(app, 'Ben', 'Abbot', 'Abbot Ventures');
    cy = await insertInvestor(app, 'Cy', 'Young', 'NaN');
    northwind = await insertFund(app, 'Northwind Partners');
  });
  afterAll(() => close());
  beforeEach(() => {
    now = new Date();
  });

  const patch = (call: Call, listId: number, segment: string, itemId: number, body: unknown, headers?: Record<string, string>) =>
    call('PATCH', `/lists/${listId}/${segment}/${itemId}`, body, headers);

  async function pipelineOf(call: Call, listId: number, itemId: number): Promise<Pipeline> {
    const items = (await call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: Pipeline }>;
    return items.find((item) => item.id === itemId)!.pipeline;
  }

  it('needs a valid access token on every call', async () => {
    const anonymous = caller(app, {});
    const listId = await listWith(owner, 'investor', [ana]);
    const calls: Array<Parameters<Call>> = [
      ['PATCH', `/lists/${listId}/investors/${ana}`, { stage: 'meeting' }],
      ['GET', `/lists/${listId}/investors/${ana}/notes`],
      ['POST', `/lists/${listId}/investors/${ana}/notes`, { body: 'hi' }],
      ['DELETE', `/lists/${listId}/investors/${ana}/notes/1`],
      ['GET', '/follow-ups'],
      ['GET', `/investors/${ana}/lists`],
      ['GET', `/funds/${northwind}/lists`],
    ];
    for (const args of calls) expect((await anonymous(...args)).statusCode, args.join(' ')).toBe(401);
  });

  describe('PATCH a row', () => {
    it('starts every row at lead with nothing set, then sets and clears stage, follow-up and amount', async () => {
      const listId = await listWith(owner, 'investor', [ana, ben]);
      const fresh = await pipelineOf(owner, listId, ana);
      expect(fresh).toMatchObject({ stage: 'lead', follow_up_on: null, amount: null, note_count: 0, latest_note: null });

      now = new Date(now.getTime() + HOUR);
      const res = await patch(owner, listId, 'investors', ana, { stage: 'term_sheet', follow_up_on: '2027-02-28', amount: 250_000 });
      expect(res.statusCode).toBe(200);
      const result = res.json() as PipelinePatchResult;
      expect(result).toEqual({
        pipeline: {
          stage: 'term_sheet',
          follow_up_on: '2027-02-28',
          amount: 250_000,
          note_count: 0,
          latest_note: null,
          updated_at: now.toISOString(),
          updated_by: { id: expect.any(Number), first_name: 'Ada', last_name: expect.any(String) },
          last_contacted_at: null,
          answered_at: null,
          deck: null,
        },
        superseded: [],
      });
      expect(await pipelineOf(owner, listId, ana)).toEqual(result.pipeline);
      // The other row is untouched.
      expect(await pipelineOf(owner, listId, ben)).toMatchObject({ stage: 'lead', amount: null });

      const cleared = await patch(owner, listId, 'investors', ana, { follow_up_on: null, amount: null });
      expect(cleared.json().pipeline).toMatchObject({ stage: 'term_sheet', follow_up_on: null, amount: null });
      expect((await patch(owner, listId, 'investors', ana, { amount: AMOUNT_MAX })).json().pipeline.amount).toBe(AMOUNT_MAX);
      expect((await patch(owner, listId, 'investors', ana, { amount: 0 })).json().pipeline.amount).toBe(0);
    });

    it('does the same on a fund list', async () => {
      const listId = await listWith(owner, 'fund', [northwind]);
      const res = await patch(owner, listId, 'funds', northwind, { stage: 'committed', amount: 1_000_000 });
      expect(res.statusCode).toBe(200);
      expect(res.json().pipeline).toMatchObject({ stage: 'committed', amount: 1_000_000 });
      expect(await pipelineOf(owner, listId, northwind)).toMatchObject({ stage: 'committed', amount: 1_000_000 });
    });

    it.each([
      [{}, 'Send at least one of stage, follow_up_on and amount'],
      [{ changed_at: '2026-01-01T00:00:00Z' }, 'Send at least one of stage, follow_up_on and amount'],
      [{ stage: 'won' }, "body 'stage'"],
      [{ stage: 'Lead' }, "body 'stage'"],
      [{ follow_up_on: '2027-02-29' }, "body 'follow_up_on'"],
      [{ follow_up_on: '2027-13-01' }, "body 'follow_up_on'"],
      [{ follow_up_on: '20270101' }, "body 'follow_up_on'"],
      [{ follow_up_on: '2027-01-01T00:00:00Z' }, "body 'follow_up_on'"],
      [{ amount: -1 }, "body 'amount'"],
      [{ amount: 1.5 }, "body 'amount'"],
      [{ amount: AMOUNT_MAX + 1 }, "body 'amount'"],
      [{ amount: '100' }, "body 'amount'"],
      [{ follow_up_on: '0000-01-01' }, "body 'follow_up_on' must be a date from 2000-01-01 to 2999-12-31"],
      [{ follow_up_on: '1999-12-31' }, "body 'follow_up_on' must be a date from 2000-01-01 to 2999-12-31"],
      [{ follow_up_on: '3000-01-01' }, "body 'follow_up_on' must be a date from 2000-01-01 to 2999-12-31"],
      [{ changed_at: 'yesterday', stage: 'lead' }, "body 'changed_at'"],
      [{ changed_at: '2026-01-01T00:00:00', stage: 'lead' }, "body 'changed_at'"],
      [{ changed_at: '0000-01-01T00:00:00Z', stage: 'lead' }, "body 'changed_at' must be after 2000-01-01"],
      [{ stage: 'lead', owner: 1 }, "unknown field 'owner'"],
    ])('refuses %j with 422 and a detail', async (body, detail) => {
      const listId = await listWith(owner, 'investor', [ana]);
      const res = await patch(owner, listId, 'investors', ana, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(detail);
      expect(await pipelineOf(owner, listId, ana)).toMatchObject({ stage: 'lead', follow_up_on: null, amount: null });
    });

    it('accepts a leap day', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      expect((await patch(owner, listId, 'investors', ana, { follow_up_on: '2028-02-29' })).statusCode).toBe(200);
    });

    it('answers 404 for another user’s list, a missing list, a row not on the list and a list of the other type', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const theirs = await listWith(stranger, 'investor', [ana]);
      const fundList = await listWith(owner, 'fund', [northwind]);
      const cases: Array<[number, string, number, string]> = [
        [theirs, 'investors', ana, 'List not found'],
        [999_999, 'investors', ana, 'List not found'],
        [listId, 'investors', ben, `Investor ${ben} is not in this list`],
        [listId, 'funds', northwind, `Fund ${northwind} is not in this list`],
        [fundList, 'investors', ana, `Investor ${ana} is not in this list`],
      ];
      for (const [list, segment, item, detail] of cases) {
        const res = await patch(owner, list, segment, item, { stage: 'passed' });
        expect(res.statusCode, `${list}/${segment}/${item}`).toBe(404);
        expect(res.json()).toEqual({ detail });
      }
      expect(await pipelineOf(stranger, theirs, ana)).toMatchObject({ stage: 'lead' });
    });

    it('keeps per field the latest change by when it was made, and names the sent fields a later change kept', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const t = (minutes: number) => new Date(now.getTime() - HOUR + minutes * 60_000).toISOString();
      // Another device set the stage at t(30); this device's queued change was made at t(10).
      await patch(owner, listId, 'investors', ana, { stage: 'meeting', changed_at: t(30) });
      const late = await patch(owner, listId, 'investors', ana, { stage: 'contacted', amount: 50_000, changed_at: t(10) });
      expect(late.statusCode).toBe(200);
      expect(late.json()).toEqual({
        pipeline: expect.objectContaining({ stage: 'meeting', amount: 50_000, updated_at: t(30) }),
        superseded: ['stage'],
      });
      // The amount was set at t(10): a change made at t(5) loses to it, one made at t(20) wins.
      const older = await patch(owner, listId, 'investors', ana, { amount: 1, follow_up_on: '2027-01-05', changed_at: t(5) });
      expect(older.json()).toMatchObject({ pipeline: { amount: 50_000, follow_up_on: '2027-01-05' }, superseded: ['amount'] });
      const newer = await patch(owner, listId, 'investors', ana, { amount: 2, stage: 'passed', changed_at: t(40) });
      expect(newer.json()).toEqual({
        pipeline: expect.objectContaining({ stage: 'passed', amount: 2, follow_up_on: '2027-01-05', updated_at: t(40) }),
        superseded: [],
      });
      // A change made at the same instant as the kept one replaces it (the later to arrive wins a tie).
      expect((await patch(owner, listId, 'investors', ana, { stage: 'lead', changed_at: t(40) })).json()).toMatchObject({
        pipeline: { stage: 'lead' },
        superseded: [],
      });
    });

    it('takes a changed_at after the server’s now as now, so a fast device clock cannot lock a field', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const future = new Date(now.getTime() + 365 * 24 * HOUR).toISOString();
      const res = await patch(owner, listId, 'investors', ana, { stage: 'passed', changed_at: future });
      expect(res.json()).toMatchObject({ pipeline: { stage: 'passed', updated_at: now.toISOString() }, superseded: [] });
      now = new Date(now.getTime() + 60_000);
      expect((await patch(owner, listId, 'investors', ana, { stage: 'committed' })).json()).toMatchObject({
        pipeline: { stage: 'committed' },
        superseded: [],
      });
    });

    it('answers a repeat with the same Idempotency-Key with the first answer, changing nothing', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const key = { 'idempotency-key': randomUUID() };
      const first = await patch(owner, listId, 'investors', ana, { stage: 'meeting' }, key);
      await patch(owner, listId, 'investors', ana, { stage: 'passed' });
      const replayed = await patch(owner, listId, 'investors', ana, { stage: 'meeting' }, key);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json()).toEqual(first.json());
      expect(await pipelineOf(owner, listId, ana)).toMatchObject({ stage: 'passed' });
    });
  });

  describe('notes', () => {
    const notesUrl = (listId: number, itemId: number, segment = 'investors') => `/lists/${listId}/${segment}/${itemId}/notes`;

    it('adds trimmed notes, answers them newest first, and counts them on the row', async () => {
      const listId = await listWith(owner, 'investor', [ana, ben]);
      const first = await owner('POST', notesUrl(listId, ana), { body: '  Intro call went well  ' });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({
        id: expect.any(Number),
        body: 'Intro call went well',
        created_at: expect.any(String),
        author: { id: expect.any(Number), first_name: 'Ada', last_name: expect.any(String) },
      });
      expect(Math.abs(Date.parse(first.json().created_at) - Date.now())).toBeLessThan(60_000);
      const second = await owner('POST', notesUrl(listId, ana), { body: 'Sent the deck\nand the model' });
      const notes = await owner('GET', notesUrl(listId, ana));
      expect(notes.statusCode).toBe(200);
      expect(notes.json()).toEqual([second.json(), first.json()]);
      expect((await owner('GET', notesUrl(listId, ben))).json()).toEqual([]);
      expect(await pipelineOf(owner, listId, ana)).toMatchObject({ note_count: 2, latest_note: second.json() });
      expect(await pipelineOf(owner, listId, ben)).toMatchObject({ note_count: 0, latest_note: null });
    });

    it('keeps notes of 2,000 characters and refuses blank, longer, missing and mistyped bodies', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const longest = 'x'.repeat(2000);
      expect((await owner('POST', notesUrl(listId, ana), { body: ` ${longest} ` })).json().body).toBe(longest);
      const refused: Array<[unknown, string]> = [
        [{ body: '' }, 'A note cannot be empty'],
        [{ body: ' \n\t ' }, 'A note cannot be empty'],
        [{ body: 'x'.repeat(2001) }, 'A note can hold at most 2,000 characters'],
        [{}, "'body' is required"],
        [{ body: 42 }, "body 'body' must be string"],
        [{ body: 'ok', pinned: true }, "unknown field 'pinned'"],
      ];
      for (const [payload, detail] of refused) {
        const res = await owner('POST', notesUrl(listId, ana), payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
        expect(res.json().detail).toContain(detail);
      }
      expect((await owner('GET', notesUrl(listId, ana))).json()).toHaveLength(1);
    });

    it('deletes one’s note (204) and answers 404 for it after, for another row’s note and through another user’s list', async () => {
      const listId = await listWith(owner, 'investor', [ana, ben]);
      const note = (await owner('POST', notesUrl(listId, ana), { body: 'Delete me' })).json();
      const kept = (await owner('POST', notesUrl(listId, ana), { body: 'Keep me' })).json();
      const theirs = await listWith(stranger, 'investor', [ana]);
      const theirNote = (await stranger('POST', notesUrl(theirs, ana), { body: 'Private' })).json();

      expect((await owner('DELETE', `${notesUrl(listId, ben)}/${note.id}`)).statusCode).toBe(404);
      expect((await owner('DELETE', `${notesUrl(listId, ana)}/${theirNote.id}`)).json()).toEqual({ detail: 'Note not found' });
      expect((await owner('DELETE', `${notesUrl(theirs, ana)}/${theirNote.id}`)).json()).toEqual({ detail: 'List not found' });
      expect((await owner('GET', notesUrl(theirs, ana))).statusCode).toBe(404);
      expect((await owner('POST', notesUrl(theirs, ana), { body: 'Sneaky' })).statusCode).toBe(404);

      expect((await owner('DELETE', `${notesUrl(listId, ana)}/${note.id}`)).statusCode).toBe(204);
      expect((await owner('DELETE', `${notesUrl(listId, ana)}/${note.id}`)).statusCode).toBe(404);
      expect((await owner('GET', notesUrl(listId, ana))).json()).toEqual([kept]);
      expect((await stranger('GET', notesUrl(theirs, ana))).json()).toEqual([theirNote]);
    });

    it('answers 404 for a row not on the list and a list of the other type', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const fundList = await listWith(owner, 'fund', [northwind]);
      for (const url of [notesUrl(listId, ben), notesUrl(listId, northwind, 'funds'), notesUrl(fundList, ana)]) {
        expect((await owner('GET', url)).statusCode, url).toBe(404);
        expect((await owner('POST', url, { body: 'x' })).statusCode, url).toBe(404);
      }
      const fundNote = await owner('POST', notesUrl(fundList, northwind, 'funds'), { body: 'Fund note' });
      expect(fundNote.statusCode).toBe(201);
      expect((await owner('GET', notesUrl(fundList, northwind, 'funds'))).json()).toEqual([fundNote.json()]);
    });

    it('goes with its row: taken off the list, or the list deleted', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      await owner('POST', notesUrl(listId, ana), { body: 'One' });
      await owner('POST', notesUrl(listId, ana), { body: 'Two' });
      expect((await owner('DELETE', `/lists/${listId}/investors/${ana}`)).statusCode).toBe(204);
      await owner('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
      expect(await pipelineOf(owner, listId, ana)).toMatchObject({ stage: 'lead', note_count: 0 });

      await owner('POST', notesUrl(listId, ana), { body: 'Three' });
      const notesOfList = async () =>
        (await app.db.select({ n: count() }).from(pipelineNotes).where(eq(pipelineNotes.list_id, listId)))[0].n;
      expect(await notesOfList()).toBe(1);
      expect((await owner('DELETE', `/lists/${listId}`)).statusCode).toBe(204);
      expect(await notesOfList()).toBe(0);
    });

    it('adds a note once when the offline outbox replays it with the same Idempotency-Key', async () => {
      const listId = await listWith(owner, 'investor', [ana]);
      const key = { 'idempotency-key': randomUUID() };
      const first = await owner('POST', notesUrl(listId, ana), { body: 'Written on the train' }, key);
      expect(first.statusCode).toBe(201);
      const replays = await Promise.all([1, 2, 3].map(() => owner('POST', notesUrl(listId, ana), { body: 'Written on the train' }, key)));
      for (const replay of replays) {
        expect(replay.statusCode).toBe(201);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json()).toEqual(first.json());
      }
      expect((await owner('GET', notesUrl(listId, ana))).json()).toEqual([first.json()]);
      // The same key for another note is refused, not taken for a replay.
      expect((await owner('POST', notesUrl(listId, ana), { body: 'Something else' }, key)).statusCode).toBe(422);
      // A deletion replayed after the note is gone answers its first 204 again.
      const deleteKey = { 'idempotency-key': randomUUID() };
      const deleted = await owner('DELETE', `${notesUrl(listId, ana)}/${first.json().id}`, undefined, deleteKey);
      expect(deleted.statusCode).toBe(204);
      expect((await owner('DELETE', `${notesUrl(listId, ana)}/${first.json().id}`, undefined, deleteKey)).statusCode).toBe(204);
    });
  });

  describe('follow-ups', () => {
    let today: string;
    let investorList: number;
    let fundList: number;
    let founder: Call;

    beforeAll(async () => {
      // Well inside a day, so one day either side is another date whatever the time zone.
      now = new Date();
      now.setHours(12, 0, 0, 0);
      today = localDay(now);
      const user = caller(app, (await createVerifiedUser(app)).headers);
      founder = user;
      investorList = await listWith(user, 'investor', [ana, ben, cy], 'Seed targets');
      const otherList = await listWith(user, 'investor', [ana], 'Angels');
      fundList = await listWith(user, 'fund', [northwind], 'Funds');
      await listWith(user, 'investor', [], 'Empty');
      const set = (listId: number, segment: string, itemId: number, day: string | null) =>
        user('PATCH', `/lists/${listId}/${segment}/${itemId}`, { follow_up_on: day });
      await set(investorList, 'investors', ana, addDays(today, -3));
      await set(investorList, 'investors', ben, today);
      await set(investorList, 'investors', cy, addDays(today, 8));
      await set(otherList, 'investors', ana, addDays(today, 7));
      await set(fundList, 'funds', northwind, today);
      // Another user's follow-ups are theirs.
      const theirs = await listWith(stranger, 'investor', [ana]);
      await stranger('PATCH', `/lists/${theirs}/investors/${ana}`, { follow_up_on: today });
    });

    const summary = (rows: FollowUpRow[]) => rows.map((row) => `${row.pipeline.follow_up_on} ${row.due} ${row.name} @${row.list_name}`);

    it('answers overdue, today and the next 7 days across the caller’s lists, by date then name', async () => {
      now.setHours(12, 0, 0, 0);
      const res = await founder('GET', '/follow-ups');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as FollowUpRow[];
      expect(summary(rows)).toEqual([
        `${addDays(today, -3)} overdue Ana Stone @Seed targets`,
        `${today} today Ben Abbot @Seed targets`,
        `${today} today Northwind Partners @Funds`,
        `${addDays(today, 7)} week Ana Stone @Angels`,
      ]);
      expect(rows[0]).toEqual({
        list_id: investorList,
        list_name: 'Seed targets',
        list_type: 'investor',
        item_id: ana,
        name: 'Ana Stone',
        firm_name: 'Stone Capital',
        due: 'overdue',
        pipeline: expect.objectContaining({ stage: 'lead', follow_up_on: addDays(today, -3), amount: null, note_count: 0 }),
      });
      expect(rows[2]).toMatchObject({ list_id: fundList, list_type: 'fund', item_id: northwind, firm_name: 'Northwind Partners' });
    });

    it.each([
      ['due=overdue', ['overdue']],
      ['due=today', ['today', 'today']],
      ['due=week', ['week']],
      ['due=overdue,week', ['overdue', 'week']],
      ['due=overdue&due=today', ['overdue', 'today', 'today']],
      ['due=today,%20week&due=overdue', ['overdue', 'today', 'today', 'week']],
    ])('answers ?%s', async (query, dues) => {
      now.setHours(12, 0, 0, 0);
      const rows = (await founder('GET', `/follow-ups?${query}`)).json() as FollowUpRow[];
      expect(rows.map((row) => row.due)).toEqual(dues);
    });

    it('takes the device’s date when within a day of the server’s', async () => {
      now.setHours(12, 0, 0, 0);
      const tomorrow = addDays(today, 1);
      const rows = (await founder('GET', `/follow-ups?today=${tomorrow}`)).json() as FollowUpRow[];
      expect(summary(rows)).toEqual([
        `${addDays(today, -3)} overdue Ana Stone @Seed targets`,
        `${today} overdue Ben Abbot @Seed targets`,
        `${today} overdue Northwind Partners @Funds`,
        `${addDays(today, 7)} week Ana Stone @Angels`,
        `${addDays(today, 8)} week Cy Young @Seed targets`,
      ]);
      const yesterday = (await founder('GET', `/follow-ups?today=${addDays(today, -1)}&due=today`)).json() as FollowUpRow[];
      expect(yesterday).toEqual([]);
    });

    it('moves with the server’s date', async () => {
      now = new Date(now.getTime() + 24 * HOUR);
      const rows = (await founder('GET', '/follow-ups?due=today')).json() as FollowUpRow[];
      expect(rows).toEqual([]);
      const week = (await founder('GET', '/follow-ups?due=week')).json() as FollowUpRow[];
      expect(summary(week)).toEqual([`${addDays(today, 7)} week Ana Stone @Angels`, `${addDays(today, 8)} week Cy Young @Seed targets`]);
    });

    it.each([
      ['due=soon', "querystring 'due' must be overdue, today or week, not 'soon'"],
      ['due=today,Week', "not 'Week'"],
      ['today=2026-02-30', "querystring 'today'"],
      ['today=tomorrow', "querystring 'today'"],
      ['limit=5', "unknown field 'limit'"],
    ])('refuses ?%s with 422', async (query, detail) => {
      const res = await founder('GET', `/follow-ups?${query}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toContain(detail);
    });

    it('refuses a device date more than a day from the server’s', async () => {
      now.setHours(12, 0, 0, 0);
      for (const day of [addDays(localDay(now), 2), addDays(localDay(now), -2), '1999-01-01']) {
        const res = await founder('GET', `/follow-ups?today=${day}`);
        expect(res.statusCode, day).toBe(422);
        expect(res.json().detail).toMatch(/within one day of the server's date/);
      }
    });
  });

  describe('the lists an investor or fund is in', () => {
    it('answers the caller’s lists holding it, oldest first, with its pipeline in each', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      const first = await listWith(user, 'investor', [ben], 'First');
      const second = await listWith(user, 'investor', [cy, ben], 'Second');
      await listWith(user, 'investor', [cy], 'Without Ben');
      await listWith(stranger, 'investor', [ben], 'Not yours');
      await user('PATCH', `/lists/${second}/investors/${ben}`, { stage: 'meeting', amount: 10 });
      await user('POST', `/lists/${second}/investors/${ben}/notes`, { body: 'Met at the demo day' });

      const res = await user('GET', `/investors/${ben}/lists`);
      expect(res.statusCode).toBe(200);
      const memberships = res.json() as ListMembership[];
      expect(memberships.map((m) => [m.list_id, m.list_name])).toEqual([
        [first, 'First'],
        [second, 'Second'],
      ]);
      expect(memberships[0].pipeline).toMatchObject({ stage: 'lead', amount: null, note_count: 0 });
      expect(memberships[1].pipeline).toMatchObject({
        stage: 'meeting',
        amount: 10,
        note_count: 1,
        latest_note: { body: 'Met at the demo day' },
      });
      expect(memberships[1].pipeline).toEqual(await pipelineOf(user, second, ben));
    });

    it('answers funds the same, [] for a row in none of the caller’s lists, and 404 for one that does not exist', async () => {
      const user = caller(app, (await createVerifiedUser(app)).headers);
      const listId = await listWith(user, 'fund', [northwind], 'Funds');
      expect((await user('GET', `/funds/${northwind}/lists`)).json()).toEqual([
        { list_id: listId, list_name: 'Funds', role: 'owner', pipeline: expect.objectContaining({ stage: 'lead' }) },
      ]);
      expect((await user('GET', `/investors/${ana}/lists`)).json()).toEqual([]);
      expect((await user('GET', '/investors/999999/lists')).json()).toEqual({ detail: 'Investor not found' });
      expect((await user('GET', '/funds/999999/lists')).statusCode).toBe(404);
      expect((await user('GET', '/funds/0/lists')).statusCode).toBe(422);
    });
  });

  it('documents every pipeline call in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.fromEntries(Object.entries(doc.paths).map(([path, methods]) => [path, Object.keys(methods).sort()]));
    expect(paths).toMatchObject({
      '/api/v1/lists/{id}/investors/{itemId}': ['delete', 'patch'],
      '/api/v1/lists/{id}/funds/{itemId}': ['delete', 'patch'],
      '/api/v1/lists/{id}/investors/{itemId}/notes': ['get', 'post'],
      '/api/v1/lists/{id}/funds/{itemId}/notes/{noteId}': ['delete'],
      '/api/v1/follow-ups': ['get'],
      '/api/v1/investors/{id}/lists': ['get'],
      '/api/v1/funds/{id}/lists': ['get'],
    });
  });
});
