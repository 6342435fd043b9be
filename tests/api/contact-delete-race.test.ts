// A private contact deleted by its owner while a list holding it, or a list taking it on, changes at the same
// moment: each answers as it would alone (the deletion 204, the other its 2xx, or the 4xx of a contact gone),
// never a 500 — not a deadlock (the deletion took the contact's lock before the lists', a change to a list the
// other way round), not the database's check of a list row whose contact went while it waited. Write
// transactions that PostgreSQL does end as a deadlock's victim are run again (db/transaction.ts). PostgreSQL
// only: PGlite runs one transaction at a time, so nothing races there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { listInvestors } from '../../src/server/db/schema.js';
import { openDatabase } from '../../src/server/db/client.js';
import { sqlState, writeTransaction } from '../../src/server/db/transaction.js';
import { HttpError } from '../../src/server/plugins/error-handler.js';
import { buildTestApp } from '../helpers/app.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { member, type Member } from '../helpers/teams.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[contact-delete-race] skipped: TEST_DATABASE_URL is not set');

/** Each race is run this many times: the two requests meet in a different order each time. */
const ROUNDS = 12;

type Answer = { statusCode: number; body: string };

describe.skipIf(!serverUrl)('a private contact deleted while lists change around it, on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let instance: Awaited<ReturnType<typeof buildTestApp>>;
  let owner: Member;

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await createPostgresDatabase(serverUrl!));
    instance = await buildTestApp({ name: 'postgres' as const, open: () => openDatabase({ url }) }, { rateLimit: false });
    owner = await member(instance.app);
  }, 180_000);
  afterAll(async () => {
    await instance?.close();
    await drop?.();
  }, 180_000);

  async function newList(name: string, ids: number[]): Promise<number> {
    const listId = (await owner.call('POST', '/lists', { name, list_type: 'investor' })).json().id as number;
    if (ids.length > 0) expect((await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: ids })).statusCode).toBe(200);
    return listId;
  }

  const importing = (listId: number, contact: number, pipeline: Record<string, unknown> = {}) =>
    owner.call('POST', `/lists/${listId}/imports`, {
      file_name: 'raise.csv',
      rows: [{ first_name: 'Zelda', last_name: 'Quorrington', pipeline, decision: { action: 'link', investor_id: contact } }],
    });

  /** What races the deletion, given the contact, a list holding it and one that does not; and what it may answer. */
  const races: Array<[string, (contact: number, holding: number, other: number) => Promise<Answer>, number[]]> = [
    ['the contact added again to a list holding it', (c, holding) => owner.call('POST', `/lists/${holding}/investors/batch`, { investor_ids: [c] }), [200, 422]],
    ['the contact added to another list', (c, _holding, other) => owner.call('POST', `/lists/${other}/investors/batch`, { investor_ids: [c] }), [200, 422]],
    ['an import changing its row', (c, holding) => importing(holding, c, { stage: 'meeting', amount: 5000 }), [201, 422]],
    ['an import adding it to another list', (c, _holding, other) => importing(other, c), [201, 422]],
    ['a stage set on its row', (c, holding) => owner.call('PATCH', `/lists/${holding}/investors/${c}`, { stage: 'meeting' }), [200, 404]],
    ['a note added to its row', (c, holding) => owner.call('POST', `/lists/${holding}/investors/${c}/notes`, { body: 'Call back' }), [201, 404]],
    ['the contact changed', (c) => owner.call('PATCH', `/investors/${c}`, { city: 'Porto' }), [200, 404]],
  ];

  for (const [name, race, answers] of races) {
    it(`answers a deletion racing ${name} with 204 and the other its own answer, never a 5xx`, async () => {
      const seen = new Map<string, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const contact = (await owner.call('POST', '/investors', { first_name: 'Zelda', last_name: 'Quorrington' })).json().id as number;
        const holding = await newList(`Holding ${round}`, [contact]);
        const other = await newList(`Other ${round}`, []);
        const deleting = () => owner.call('DELETE', `/investors/${contact}`);
        const racing = () => race(contact, holding, other);
        // Sent first in turn: either may take its first lock first.
        const [deleted, raced] = round % 2 === 0 ? await Promise.all([deleting(), racing()]) : (await Promise.all([racing(), deleting()])).reverse();
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(answers, `${raced.statusCode}: ${raced.body}`).toContain(raced.statusCode);
        seen.set(`${raced.statusCode}`, (seen.get(`${raced.statusCode}`) ?? 0) + 1);
        // Gone, and from every list, whichever went first.
        expect((await owner.call('GET', `/investors/${contact}`)).statusCode).toBe(404);
        const [{ n }] = await instance.app.db.select({ n: count() }).from(listInvestors).where(eq(listInvestors.investor_id, contact));
        expect(n).toBe(0);
        for (const listId of [holding, other]) expect((await owner.call('DELETE', `/lists/${listId}`)).statusCode).toBe(204);
      }
      console.info(`[contact-delete-race] ${name}: ${JSON.stringify(Object.fromEntries(seen))}`);
    }, 120_000);
  }

  it('answers a contact changed with the contact as changed, though its deletion commits before the answer is sent', async () => {
    const contact = (await owner.call('POST', '/investors', { first_name: 'Zelda', last_name: 'Quorrington' })).json().id as number;
    const holding = await newList('Told', [contact]);
    // The change has committed and is telling the list's streams when the deletion, which waited for it, commits:
    // the moment the race above meets now and then.
    const feed = instance.app.listFeed;
    const publish = feed.publish;
    feed.publish = async (...args) => {
      feed.publish = publish;
      expect((await owner.call('DELETE', `/investors/${contact}`)).statusCode).toBe(204);
      return publish.apply(feed, args);
    };
    try {
      const changed = await owner.call('PATCH', `/investors/${contact}`, { city: 'Porto' });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ id: contact, city: 'Porto' });
    } finally {
      feed.publish = publish;
    }
    expect((await owner.call('DELETE', `/lists/${holding}`)).statusCode).toBe(204);
  }, 30_000);

  it('runs a write transaction again when PostgreSQL ends it to break a deadlock, and nothing else again', async () => {
    const { db } = instance.app;
    await db.execute(sql`CREATE TABLE race_rows (id integer PRIMARY KEY, n integer NOT NULL)`);
    await db.execute(sql`INSERT INTO race_rows VALUES (1, 0), (2, 0)`);
    // Each locks its row, waits until the other holds its own, then wants the other's: a deadlock, every time.
    let bothHold: () => void;
    const held = new Promise<void>((resolve) => (bothHold = resolve));
    let holding = 0;
    const attempts = [0, 0];
    const crossing = (first: number, second: number) =>
      writeTransaction(db, async (tx) => {
        attempts[first - 1] += 1;
        await tx.execute(sql`UPDATE race_rows SET n = n + 1 WHERE id = ${first}`);
        if (++holding === 2) bothHold();
        await held;
        await tx.execute(sql`UPDATE race_rows SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([crossing(1, 2), crossing(2, 1)]);
    // One of the two was the victim and ran twice; both committed once.
    expect(attempts.sort()).toEqual([1, 2]);
    const rows = await db.execute(sql`SELECT n FROM race_rows ORDER BY id`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows.map((row) => row.n)).toEqual([2, 2]);

    // A refusal, or another error of the database, is the caller's at once.
    let runs = 0;
    await expect(
      writeTransaction(db, async () => {
        runs += 1;
        throw new HttpError(422, 'No');
      }),
    ).rejects.toThrow('No');
    const duplicate = await writeTransaction(db, async (tx) => {
      runs += 1;
      await tx.execute(sql`INSERT INTO race_rows VALUES (1, 0)`);
    }).catch((error: unknown) => error);
    expect(sqlState(duplicate)).toBe('23505');
    expect(runs).toBe(2);
  }, 30_000);
});
