// What one account can open, each limit counted in the database so that every instance holds it: lists (how
// many and how fast), notes on a row (how many, and read a page at a time), and Idempotency-Keys kept a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { idempotencyKeys, lists, pipelineNotes } from '../../src/server/db/schema.js';
import { MAX_KEYS_PER_USER } from '../../src/server/plugins/idempotency.js';
import { LIST_MESSAGES, LISTS_CREATED_PER_HOUR, MAX_LISTS } from '../../src/shared/form-rules.js';
import { NOTES_PAGE_DEFAULT, NOTES_PAGE_MAX, NOTES_PER_ROW_MAX, type PipelineNote } from '../../src/shared/pipeline.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { insertInvestor } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

describe.each(testDatabases())('what one account can open, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let ana: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: true }));
    ana = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
  });
  afterAll(() => close());

  const newList = (who: Member, name = 'Raise') => who.call('POST', '/lists', { name, list_type: 'investor' });

  it(`lets an account own at most ${MAX_LISTS} lists`, async () => {
    const founder = await member(app);
    await app.db.insert(lists).values(
      Array.from({ length: MAX_LISTS - 1 }, (_, i) => ({ user_id: founder.id, name: `List ${i}`, list_type: 'investor' as const })),
    );
    expect((await newList(founder, 'The last one')).statusCode).toBe(201);
    const refused = await newList(founder, 'One too many');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: LIST_MESSAGES.tooMany });
    expect(((await founder.call('GET', '/lists')).json() as unknown[]).length).toBe(MAX_LISTS);

    const [first] = await app.db.select({ id: lists.id }).from(lists).where(eq(lists.user_id, founder.id)).limit(1);
    expect((await founder.call('DELETE', `/lists/${first.id}`)).statusCode).toBe(204);
    expect((await newList(founder, 'Room again')).statusCode).toBe(201);
    expect((await newList(await member(app))).statusCode).toBe(201);
  });

  it(`lets an account create at most ${LISTS_CREATED_PER_HOUR} lists an hour; a replayed creation is not counted`, async () => {
    const founder = await member(app);
    const key = randomUUID();
    for (let i = 0; i < LISTS_CREATED_PER_HOUR; i++) {
      const res = await founder.call('POST', '/lists', { name: 'Raise', list_type: 'investor' }, { 'idempotency-key': i === 0 ? key : randomUUID() });
      expect(res.statusCode).toBe(201);
    }
    const replayed = await founder.call('POST', '/lists', { name: 'Raise', list_type: 'investor' }, { 'idempotency-key': key });
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const refused = await newList(founder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await newList(await member(app))).statusCode).toBe(201);
  });

  /** A list of the founder's holding Ana, and the path of Ana's notes on it. */
  async function notesOfRow(founder: Member) {
    const listId = (await newList(founder)).json().id as number;
    await founder.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ana] });
    return { listId, notes: `/lists/${listId}/investors/${ana}/notes` };
  }

  async function insertNotes(founder: Member, listId: number, count: number) {
    await app.db.insert(pipelineNotes).values(
      Array.from({ length: count }, (_, i) => ({ list_id: listId, investor_id: ana, user_id: founder.id, body: `Note ${i}` })),
    );
  }

  it(`keeps at most ${NOTES_PER_ROW_MAX} notes on a row`, async () => {
    const founder = await member(app);
    const { listId, notes } = await notesOfRow(founder);
    await insertNotes(founder, listId, NOTES_PER_ROW_MAX - 1);
    const last = await founder.call('POST', notes, { body: 'The last one' });
    expect(last.statusCode).toBe(201);
    const refused = await founder.call('POST', notes, { body: 'One too many' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: `A row can hold at most ${NOTES_PER_ROW_MAX} notes: delete one to add another` });
    expect((await founder.call('DELETE', `${notes}/${last.json().id}`)).statusCode).toBe(204);
    expect((await founder.call('POST', notes, { body: 'Room again' })).statusCode).toBe(201);
    // Another row of the same list has its own.
    const ben = await insertInvestor(app, 'Ben', 'Abbot', 'Abbot VC');
    await founder.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [ben] });
    expect((await founder.call('POST', `/lists/${listId}/investors/${ben}/notes`, { body: 'First' })).statusCode).toBe(201);
  });

  it(`reads a row's notes a page at a time, ${NOTES_PAGE_DEFAULT} unless asked for up to ${NOTES_PAGE_MAX}`, async () => {
    const founder = await member(app);
    const { listId, notes } = await notesOfRow(founder);
    await insertNotes(founder, listId, 250);
    const latest = (await founder.call('POST', notes, { body: 'Newest' })).json() as PipelineNote;

    const read = async (query: string) => {
      const res = await founder.call('GET', `${notes}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PipelineNote[];
    };
    const first = await read('');
    expect(first).toHaveLength(NOTES_PAGE_DEFAULT);
    expect(first[0]).toEqual(latest);
    const whole = await read(`?limit=${NOTES_PAGE_MAX}`);
    expect(whole).toHaveLength(251);
    // Page after page, in the same order as the whole, nothing twice, nothing missed.
    const paged: PipelineNote[] = [];
    for (let before: number | undefined; ; ) {
      const page = await read(`?limit=60${before === undefined ? '' : `&before=${before}`}`);
      paged.push(...page);
      if (page.length < 60) break;
      before = page.at(-1)!.id;
    }
    expect(paged.map((note) => note.id)).toEqual(whole.map((note) => note.id));

    for (const query of [`?limit=${NOTES_PAGE_MAX + 1}`, '?limit=0', '?before=999999999', '?page=2']) {
      const refused = await founder.call('GET', `${notes}${query}`);
      expect(refused.statusCode, query).toBe(422);
      expect(refused.json().detail, query).toEqual(expect.any(String));
    }
    // A note of another row is no place to start from.
    const other = await notesOfRow(founder);
    const elsewhere = (await founder.call('POST', other.notes, { body: 'Elsewhere' })).json() as PipelineNote;
    expect((await founder.call('GET', `${notes}?before=${elsewhere.id}`)).statusCode).toBe(422);
  });

  it(`keeps at most ${MAX_KEYS_PER_USER} Idempotency-Keys per account a day`, async () => {
    const founder = await member(app);
    const { listId } = await notesOfRow(founder);
    const row = `/lists/${listId}/investors/${ana}`;
    await app.db.insert(idempotencyKeys).values(
      Array.from({ length: MAX_KEYS_PER_USER - 2 }, (_, i) => ({
        user_id: founder.id,
        key: `old-${i}`,
        request_hash: 'x',
        status: 200,
        body: '{}',
        expires_at: sql`now() + interval '1 day'`,
      })),
    );
    const patch = (stage: string, key?: string) => founder.call('PATCH', row, { stage }, key === undefined ? {} : { 'idempotency-key': key });
    expect((await patch('contacted', 'last-but-one')).statusCode).toBe(200);
    expect((await patch('meeting', 'last')).statusCode).toBe(200);

    const refused = await patch('passed', 'one-too-many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: `Too many changes sent with an Idempotency-Key: at most ${MAX_KEYS_PER_USER.toLocaleString('en-US')} a day. Try again later.`,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A key it holds still answers its first answer; a change without one is not held back; another account has its own.
    const replayed = await patch('meeting', 'last');
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await patch('passed')).statusCode).toBe(200);
    const other = await member(app);
    expect((await other.call('POST', '/lists', { name: 'Raise', list_type: 'investor' }, { 'idempotency-key': 'one-too-many' })).statusCode).toBe(201);

    // A day on, its oldest keys have gone: room for new ones.
    await app.db
      .update(idempotencyKeys)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(sql`${idempotencyKeys.user_id} = ${founder.id} AND ${idempotencyKeys.key} = 'old-0'`);
    expect((await patch('passed', 'one-too-many')).statusCode).toBe(200);
  });
});
