// Private contacts: investors the catalogue lacks, added by a founder. Who sees one (its owner, the members of a
// list holding it while it does), who changes it (its owner; a catalogue row nobody), that it works on lists like
// any investor, and that the catalogue's search never shows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { listInvestors, listMembers } from '../../src/server/db/schema.js';
import { CONTACT_TEXT_MAX } from '../../src/shared/contacts.js';
import { INVESTOR_FIELDS, wireFieldNames } from '../../src/shared/catalogue-fields.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, insertInvestor, listWith, type Call } from '../helpers/pipeline.js';
import { createVerifiedUser } from '../helpers/users.js';

const CONTACT = {
  first_name: 'Zelda',
  last_name: 'Quorrington',
  email: 'zelda@angel.example',
  firm_name: 'Quorrington Angels',
  office_website: 'https://quorrington.example',
  city: 'Lisbon',
  country: 'Portugal',
  type_of_firm: 'Venture Capital Fund',
  stage_preferences: ['Seed'],
  min_investment: 25_000,
  max_investment: 100_000,
};

describe.each(testDatabases())('private contacts on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Call;
  let editor: Call;
  let stranger: Call;
  let editorId: number;
  let catalogueId: number;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    owner = caller(app, (await createVerifiedUser(app)).headers);
    const editorUser = await createVerifiedUser(app);
    editor = caller(app, editorUser.headers);
    editorId = editorUser.user.id;
    stranger = caller(app, (await createVerifiedUser(app)).headers);
    catalogueId = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
  });
  afterAll(() => close());

  async function create(fields: Record<string, unknown> = CONTACT, as = owner) {
    const res = await as('POST', '/investors', fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown> & { id: number };
  }

  /** A list of the owner's holding the investors, with the editor on it. */
  async function sharedList(ids: number[]) {
    const listId = await listWith(owner, 'investor', ids, 'Raise');
    await app.db.insert(listMembers).values({ list_id: listId, user_id: editorId, role: 'editor' });
    return listId;
  }

  it('creates one as an investor with private: true, missing fields as the catalogue stores them', async () => {
    const contact = await create();
    expect(Object.keys(contact)).toEqual([...wireFieldNames(INVESTOR_FIELDS), 'fit', 'private', 'list_count']);
    expect(contact).toMatchObject({ ...CONTACT, private: true, list_count: 0, gender: 'NaN', phone: 'NaN', capital_managed: 'NaN', fit: null });
    expect(contact.id).toBeGreaterThan(catalogueId);
    const catalogue = (await owner('GET', `/investors/${catalogueId}`)).json() as Record<string, unknown>;
    expect(catalogue).not.toHaveProperty('private');
    expect(catalogue).not.toHaveProperty('list_count');
  });

  it('checks every field as a form does', async () => {
    const refused = async (body: Record<string, unknown>, detail: RegExp) => {
      const res = await owner('POST', '/investors', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail).toMatch(detail);
    };
    await refused({ first_name: 'A' }, /last_name/);
    await refused({ first_name: ' ', last_name: 'B' }, /First Name is required/);
    await refused({ ...CONTACT, email: 'not-an-email' }, /Invalid email/);
    for (const email of ['a@fund.com?bcc=x@evil.com', 'a@fund.com?bcc=x', 'a&b@fund.com', 'a%40b@fund.com', 'a b@fund.com']) {
      await refused({ ...CONTACT, email }, /^(Email cannot hold \?, & or %|Invalid email)$/);
    }
    await refused({ ...CONTACT, email: 'a@fund.com?cc=x' }, /^Email cannot hold \?, & or %$/);
    await refused({ ...CONTACT, office_website: 'not a site' }, /Invalid website/);
    await refused({ ...CONTACT, type_of_firm: 'Lemonade Stand' }, /Type of firm must be one of/);
    await refused({ ...CONTACT, stage_preferences: ['Whenever'] }, /Stage preferences/);
    await refused({ ...CONTACT, min_investment: 5, max_investment: 1 }, /Min. investment must not be more than Max. investment/);
    await refused({ ...CONTACT, min_investment: -1 }, /Min. investment must be a number of dollars/);
    await refused({ ...CONTACT, city: 'x'.repeat(CONTACT_TEXT_MAX + 1) }, /city/);
    await refused({ ...CONTACT, first_name: 12 }, /first_name/);
    await refused({ ...CONTACT, id: 7 }, /unknown field 'id'/);
    const hostile = await owner('POST', '/investors', `{"first_name":"A","last_name":"B","__proto__":{"x":1}}`, { 'content-type': 'application/json' });
    expect(hostile.statusCode).toBeGreaterThanOrEqual(400);
    expect(hostile.statusCode).toBeLessThan(500);
  });

  it('is seen by its owner and by the members of a list holding it while it does; anyone else gets 404', async () => {
    const contact = await create();
    expect((await owner('GET', `/investors/${contact.id}`)).json()).toMatchObject({ id: contact.id, private: true, list_count: 0 });
    expect((await editor('GET', `/investors/${contact.id}`)).statusCode).toBe(404);
    const listId = await sharedList([contact.id]);
    const seen = (await editor('GET', `/investors/${contact.id}`)).json() as Record<string, unknown>;
    expect(seen).toMatchObject({ id: contact.id, private: true, first_name: 'Zelda' });
    expect(seen).not.toHaveProperty('list_count');
    expect((await stranger('GET', `/investors/${contact.id}`)).statusCode).toBe(404);
    expect((await stranger('GET', `/investors/${contact.id}/lists`)).statusCode).toBe(404);
    expect((await owner('GET', `/investors/${contact.id}`)).json().list_count).toBe(1);
    expect((await owner('DELETE', `/lists/${listId}/investors/${contact.id}`)).statusCode).toBe(204);
    expect((await editor('GET', `/investors/${contact.id}`)).statusCode).toBe(404);
  });

  it('works on a list like any investor: items, fit, pipeline, and only for those who see it', async () => {
    const contact = await create();
    const listId = await sharedList([catalogueId, contact.id]);
    const items = (await editor('GET', `/lists/${listId}/items`)).json() as Array<Record<string, unknown>>;
    expect(items.map((item) => [item.id, item.private])).toEqual([
      [catalogueId, undefined],
      [contact.id, true],
    ]);
    expect(items[1]).toMatchObject({ first_name: 'Zelda', fit: null, pipeline: { stage: 'lead' } });
    const patched = await editor('PATCH', `/lists/${listId}/investors/${contact.id}`, { stage: 'meeting' });
    expect(patched.statusCode, patched.body).toBe(200);
    // The editor sees it through the shared list, but only its owner puts it on a list (contact-reach.test.ts).
    const own = await listWith(editor, 'investor', [], 'Mine');
    expect((await editor('POST', `/lists/${own}/investors/batch`, { investor_ids: [contact.id] })).statusCode).toBe(422);
    const strangers = (await stranger('POST', '/lists', { name: 'S', list_type: 'investor' })).json().id as number;
    const refused = await stranger('POST', `/lists/${strangers}/investors/batch`, { investor_ids: [contact.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toContain(`No investor has the id ${contact.id}`);
  });

  it('never appears in the catalogue search, its totals or its filter options', async () => {
    const before = (await stranger('GET', '/investors/search?per_page=100')).json() as { total: number };
    const unique = await create({ ...CONTACT, first_name: 'Xylophonia', city: 'Nowhereville' });
    for (const as of [owner, stranger]) {
      const found = (await as('GET', '/investors/search?search_term=Xylophonia')).json() as { total: number; results: unknown[] };
      expect(found.total).toBe(0);
      const all = (await as('GET', '/investors/search?per_page=100')).json() as { total: number; results: Array<{ id: number }> };
      expect(all.total).toBe(before.total);
      expect(all.results.map((r) => r.id)).not.toContain(unique.id);
      const cities = await as('GET', '/filters/investors/cities');
      expect(cities.body).not.toContain('Nowhereville');
    }
  });

  it('is changed by its owner only; a catalogue row by nobody', async () => {
    const contact = await create();
    await sharedList([contact.id]);
    const changed = await owner('PATCH', `/investors/${contact.id}`, { firm_name: 'Quorrington Capital', phone: null });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ firm_name: 'Quorrington Capital', phone: 'NaN', private: true, list_count: 1 });
    expect((await owner('PATCH', `/investors/${contact.id}`, { max_investment: 1 })).statusCode).toBe(422);
    expect((await owner('PATCH', `/investors/${contact.id}`, { last_name: '' })).statusCode).toBe(422);
    const notOwner = await editor('PATCH', `/investors/${contact.id}`, { city: 'Porto' });
    expect(notOwner.statusCode).toBe(403);
    expect((await editor('DELETE', `/investors/${contact.id}`)).statusCode).toBe(403);
    expect((await stranger('PATCH', `/investors/${contact.id}`, { city: 'Porto' })).statusCode).toBe(404);
    expect((await stranger('DELETE', `/investors/${contact.id}`)).statusCode).toBe(404);
    for (const as of [owner, stranger]) {
      const catalogue = await as('PATCH', `/investors/${catalogueId}`, { city: 'Porto' });
      expect(catalogue.statusCode).toBe(403);
      expect(catalogue.json().detail).toBe('Catalogue investors cannot be changed');
      expect((await as('DELETE', `/investors/${catalogueId}`)).statusCode).toBe(403);
    }
    expect((await owner('PATCH', '/investors/999999', { city: 'Porto' })).statusCode).toBe(404);
  });

  it('is deleted from every list holding it, each list logging the removal', async () => {
    const contact = await create();
    const first = await sharedList([contact.id]);
    const second = await sharedList([contact.id]);
    expect((await owner('GET', `/investors/${contact.id}`)).json().list_count).toBe(2);
    expect(((await owner('GET', '/contacts?search=zelda&per_page=100')).json().results as Array<{ id: number; list_count: number }>).find((c) => c.id === contact.id)?.list_count).toBe(2);
    expect((await owner('DELETE', `/investors/${contact.id}`)).statusCode).toBe(204);
    expect((await owner('GET', `/investors/${contact.id}`)).statusCode).toBe(404);
    for (const [as, listId] of [[owner, first], [editor, second]] as const) {
      expect(((await as('GET', `/lists/${listId}/items`)).json() as unknown[]).length).toBe(0);
      const activity = (await as('GET', `/lists/${listId}/investors/${contact.id}/activity`)).json() as Array<{ action: string }>;
      expect(activity[0].action).toBe('removed');
    }
  });

  it('lists the caller’s own contacts, paged and searched', async () => {
    const mine = caller(app, (await createVerifiedUser(app)).headers);
    for (const name of ['Amy', 'Bob', 'Cat']) await create({ first_name: name, last_name: 'Paged', city: 'Oslo' }, mine);
    const page = (await mine('GET', '/contacts?per_page=2')).json() as { results: Array<{ first_name: string }>; total: number; total_pages: number };
    expect(page).toMatchObject({ total: 3, total_pages: 2 });
    expect(page.results.map((r) => r.first_name)).toEqual(['Cat', 'Bob']);
    expect((await mine('GET', '/contacts?page=2&per_page=2')).json().results.map((r: { first_name: string }) => r.first_name)).toEqual(['Amy']);
    expect((await mine('GET', '/contacts?search=BOB')).json()).toMatchObject({ total: 1, results: [{ first_name: 'Bob', private: true, list_count: 0 }] });
    expect((await mine('GET', '/contacts?search=%25')).json().total).toBe(0);
    expect((await stranger('GET', '/contacts?search=Paged')).json().total).toBe(0);
  });

  it('lands once when an offline create is replayed with its Idempotency-Key', async () => {
    const mine = caller(app, (await createVerifiedUser(app)).headers);
    const key = { 'idempotency-key': 'contact-create-1' };
    const first = await mine('POST', '/investors', { first_name: 'Once', last_name: 'Only' }, key);
    const again = await mine('POST', '/investors', { first_name: 'Once', last_name: 'Only' }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await mine('GET', '/contacts')).json().total).toBe(1);
  });

  it('keeps one id space and a list row’s investor existing, as the foreign key did', async () => {
    const contact = await create();
    await expect(app.db.execute(sql`INSERT INTO investors (id, first_name, last_name, contact_title, email, gender, phone,
      firm_name, type_of_firm, office_website, city, state, country) VALUES (${contact.id}, 'A', 'B', 'NaN', 'NaN', 'NaN',
      'NaN', 'NaN', 'NaN', 'NaN', 'NaN', 'NaN', 'NaN')`)).rejects.toThrow();
    const listId = await listWith(owner, 'investor', [catalogueId], 'FK');
    await expect(app.db.insert(listInvestors).values({ list_id: listId, investor_id: 2_000_000_000 })).rejects.toThrow();
    // An update that moves a row to another investor is checked too (row by row, only when the investor changes).
    const row = and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, catalogueId));
    await expect(app.db.update(listInvestors).set({ investor_id: 2_000_000_000 }).where(row)).rejects.toHaveProperty('cause.code', '23503');
    await app.db.update(listInvestors).set({ investor_id: contact.id }).where(row);
    await app.db.update(listInvestors).set({ investor_id: catalogueId }).where(and(eq(listInvestors.list_id, listId), eq(listInvestors.investor_id, contact.id)));
    const doomed = await insertInvestor(app, 'Gone', 'Soon', 'Temp');
    await owner('POST', `/lists/${listId}/investors/batch`, { investor_ids: [doomed] });
    await app.db.execute(sql`DELETE FROM investors WHERE id = ${doomed}`);
    expect(((await owner('GET', `/lists/${listId}/items`)).json() as Array<{ id: number }>).map((i) => i.id)).toEqual([catalogueId]);
  });
});
