// How far a member's reach over private contacts goes on a shared list (issue 45): only a contact's owner puts it on
// a list, so a member who sees another's contact cannot take it to a list of her own; a member removed from a list
// (or leaving it) no longer controls the contacts she put on it: they pass to the list's owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/server/db/query-rows.js';
import { listInvestors, listMembers, lists, pipelineNotes, privateContacts } from '../../src/server/db/schema.js';
import type { UndoableImport } from '../../src/shared/imports.js';
import type { MemberRole } from '../../src/shared/teams.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { olderDatabase } from '../helpers/migrations.js';
import { listWith } from '../helpers/pipeline.js';
import { member, type Member } from '../helpers/teams.js';

describe.each(testDatabases())('private contacts on shared lists on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
  }, 180_000);
  afterAll(() => close());

  async function contact(who: Member, last: string): Promise<number> {
    const res = await who.call('POST', '/investors', { first_name: 'Cora', last_name: last, email: `${last.toLowerCase()}@angel.example` });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  }

  async function join(listId: number, who: Member, role: MemberRole) {
    await app.db.insert(listMembers).values({ list_id: listId, user_id: who.id, role });
  }

  const itemIds = async (who: Member, listId: number) =>
    ((await who.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number }>).map((row) => row.id);

  it('lets only its owner put a contact on a list: a member of a list holding it cannot add it, or link it in an import, to her own', async () => {
    const owner = await member(app);
    const viewer = await member(app);
    const editor = await member(app);
    const secret = await contact(owner, 'Secret');
    const shared = await listWith(owner.call, 'investor', [secret], 'Raise');
    await join(shared, viewer, 'viewer');
    await join(shared, editor, 'editor');
    expect((await viewer.call('GET', `/investors/${secret}`)).statusCode).toBe(200);

    for (const who of [viewer, editor]) {
      const mine = await listWith(who.call, 'investor', [], 'Mine');
      const added = await who.call('POST', `/lists/${mine}/investors/batch`, { investor_ids: [secret] });
      expect(added.statusCode, added.body).toBe(422);
      expect(added.json().detail).toBe(`No investor has the id ${secret}; nothing was added.`);
      const imported = await who.call('POST', `/lists/${mine}/imports`, {
        file_name: 'mine.csv',
        rows: [{ first_name: 'Cora', last_name: 'Secret', decision: { action: 'link', investor_id: secret } }],
      });
      expect(imported.statusCode, imported.body).toBe(422);
      expect(imported.json().detail).toContain(`No investor ${secret} can be added`);
      expect(await itemIds(who, mine)).toEqual([]);
    }
    // Nor to the list holding it, once it has left: putting it back is its owner's.
    expect((await owner.call('DELETE', `/lists/${shared}/investors/${secret}`)).statusCode).toBe(204);
    expect((await editor.call('POST', `/lists/${shared}/investors/batch`, { investor_ids: [secret] })).statusCode).toBe(422);
    expect((await owner.call('POST', `/lists/${shared}/investors/batch`, { investor_ids: [secret] })).statusCode).toBe(200);
  });

  it('shows a contact a member put on her own list (as an older version let her) to nobody once she has left the list holding it', async () => {
    const owner = await member(app);
    const viewer = await member(app);
    const friend = await member(app);
    const secret = await contact(owner, 'Leaked');
    const shared = await listWith(owner.call, 'investor', [secret], 'Raise');
    await join(shared, viewer, 'viewer');
    const hers = await listWith(viewer.call, 'investor', [], 'Hers');
    await app.db.insert(listInvestors).values({ list_id: hers, investor_id: secret });
    await join(hers, friend, 'viewer');
    // Her own list does not count: its owner is not on it.
    expect((await friend.call('GET', `/investors/${secret}`)).statusCode).toBe(404);
    expect((await viewer.call('GET', `/investors/${secret}`)).statusCode).toBe(200);

    expect((await owner.call('DELETE', `/lists/${shared}/members/${viewer.id}`)).statusCode).toBe(204);
    for (const who of [viewer, friend]) expect((await who.call('GET', `/investors/${secret}`)).statusCode).toBe(404);
  });

  it('passes a removed editor’s contacts on the list to its owner: she no longer changes or deletes them, her notes stay', async () => {
    const owner = await member(app);
    const editor = await member(app);
    const shared = await listWith(owner.call, 'investor', [], 'Team');
    await join(shared, editor, 'editor');
    const hers = await contact(editor, 'Imported');
    expect((await editor.call('POST', `/lists/${shared}/investors/batch`, { investor_ids: [hers] })).statusCode).toBe(200);
    const note = await editor.call('POST', `/lists/${shared}/investors/${hers}/notes`, { body: 'Warm intro via Sam' });
    expect(note.statusCode, note.body).toBe(201);
    const ownList = await listWith(editor.call, 'investor', [hers], 'My own');
    const untouched = await contact(editor, 'Elsewhere');
    await editor.call('POST', `/lists/${ownList}/investors/batch`, { investor_ids: [untouched] });

    expect((await owner.call('DELETE', `/lists/${shared}/members/${editor.id}`)).statusCode).toBe(204);
    expect((await editor.call('PATCH', `/investors/${hers}`, { city: 'Nowhere' })).statusCode).toBe(404);
    expect((await editor.call('DELETE', `/investors/${hers}`)).statusCode).toBe(404);
    const changed = await owner.call('PATCH', `/investors/${hers}`, { city: 'Porto' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ city: 'Porto', list_count: 1 });
    expect(await itemIds(owner, shared)).toEqual([hers]);
    const notes = (await owner.call('GET', `/lists/${shared}/investors/${hers}/notes`)).json() as Array<{ body: string; author: { id: number } }>;
    expect(notes).toMatchObject([{ body: 'Warm intro via Sam', author: { id: editor.id } }]);
    // It left her own list (its new owner is not on it); what she never put on the team's list stays hers.
    expect(await itemIds(editor, ownList)).toEqual([untouched]);
    expect((await editor.call('PATCH', `/investors/${untouched}`, { city: 'Lisbon' })).statusCode).toBe(200);
  });

  it('passes a leaving editor’s contacts on the list to its owner too', async () => {
    const owner = await member(app);
    const editor = await member(app);
    const shared = await listWith(owner.call, 'investor', [], 'Team');
    await join(shared, editor, 'editor');
    const hers = await contact(editor, 'Leaving');
    await editor.call('POST', `/lists/${shared}/investors/batch`, { investor_ids: [hers] });
    expect((await editor.call('DELETE', `/lists/${shared}/members/${editor.id}`)).statusCode).toBe(204);
    expect((await editor.call('GET', `/investors/${hers}`)).statusCode).toBe(404);
    const contacts = (await owner.call('GET', '/contacts')).json() as { results: Array<{ id: number }> };
    expect(contacts.results.map((row) => row.id)).toEqual([hers]);
  });

  it('lets only the member who imported or the list’s owner undo an import, deleting only contacts the caller owns and naming others’ work first', async () => {
    const owner = await member(app);
    const importer = await member(app);
    const colleague = await member(app);
    const shared = await listWith(owner.call, 'investor', [], 'Team');
    await join(shared, importer, 'editor');
    await join(shared, colleague, 'editor');
    const landed = await importer.call('POST', `/lists/${shared}/imports`, {
      file_name: 'tracker.csv',
      rows: [
        { first_name: 'Ivy', last_name: 'Created', decision: { action: 'create' } },
        { first_name: 'Ned', last_name: 'Created', decision: { action: 'create' } },
      ],
    });
    expect(landed.statusCode, landed.body).toBe(201);
    const created = await itemIds(owner, shared);
    expect(await colleague.call('POST', `/lists/${shared}/investors/${created[0]}/notes`, { body: 'Called her' })).toMatchObject({ statusCode: 201 });
    expect((await colleague.call('PATCH', `/lists/${shared}/investors/${created[0]}`, { stage: 'meeting' })).statusCode).toBe(200);

    const refused = await colleague.call('DELETE', `/lists/${shared}/imports/${landed.json().id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe("Only the member who imported it or the list's owner can undo this import");
    const [asOwner] = (await owner.call('GET', `/lists/${shared}/imports`)).json() as UndoableImport[];
    const named = { user: { id: colleague.id, first_name: 'Ada', last_name: colleague.user.last_name }, notes: 1, changes: 1 };
    expect(asOwner).toMatchObject({ can_undo: true, others_work: [named] });
    expect((await colleague.call('GET', `/lists/${shared}/imports`)).json()).toMatchObject([{ can_undo: false, others_work: [] }]);
    expect((await importer.call('GET', `/lists/${shared}/imports`)).json()).toMatchObject([{ can_undo: true, others_work: [named] }]);

    // The owner undoes it: the rows leave the list, the importer's contacts stay hers.
    const undone = await owner.call('DELETE', `/lists/${shared}/imports/${landed.json().id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ removed: 2, restored: 0, notes_deleted: 0, contacts_deleted: 0, kept: { rows: 0, contacts: 2 } });
    expect(await itemIds(owner, shared)).toEqual([]);
    for (const id of created) expect((await importer.call('GET', `/investors/${id}`)).statusCode).toBe(200);

    // Her own undo deletes the contacts it created, hers.
    const again = await importer.call('POST', `/lists/${shared}/imports`, {
      file_name: 'again.csv',
      rows: [{ first_name: 'Ola', last_name: 'Again', decision: { action: 'create' } }],
    });
    const [made] = await itemIds(owner, shared);
    const mine = await importer.call('DELETE', `/lists/${shared}/imports/${again.json().id}`);
    expect(mine.json()).toMatchObject({ removed: 1, contacts_deleted: 1, kept: { rows: 0, contacts: 0 } });
    expect((await importer.call('GET', `/investors/${made}`)).statusCode).toBe(404);
  });
});

describe.each(testDatabases())('migration 0014 on $name', (kind) => {
  it('takes a private contact off the lists its owner is not on (put there by a member, as before), with their notes', async () => {
    const contact = { first_name: 'Cora', last_name: 'Kept', contact_title: 'NaN', email: 'NaN', gender: 'NaN', phone: 'NaN', firm_name: 'NaN', type_of_firm: 'NaN', office_website: 'NaN', city: 'NaN', state: 'NaN', country: 'NaN' };
    const ids: Record<string, number> = {};
    const older = await olderDatabase(kind.name, '0014_contact_reach_and_invitation_mails', async (db) => {
      // Users and list rows in plain SQL: the schema's tables have columns added by later migrations.
      const person = async (name: string) =>
        Number(
          (
            await queryRows(
              db,
              sql`INSERT INTO users (email, password_hash, first_name, last_name, email_verified_at)
                VALUES (${`${name}-${Date.now()}@example.test`}, 'x', ${name}, 'Older', now()) RETURNING id`,
            )
          )[0].id,
        );
      const owner = await person('owner');
      const viewer = await person('viewer');
      const [shared] = await db.insert(lists).values({ user_id: owner, name: 'Raise', list_type: 'investor' }).returning({ id: lists.id });
      const [hers] = await db.insert(lists).values({ user_id: viewer, name: 'Hers', list_type: 'investor' }).returning({ id: lists.id });
      await db.insert(listMembers).values({ list_id: shared.id, user_id: viewer, role: 'viewer' });
      const [secret] = await db.insert(privateContacts).values({ ...contact, owner_id: owner }).returning({ id: privateContacts.id });
      const [own] = await db.insert(privateContacts).values({ ...contact, owner_id: viewer }).returning({ id: privateContacts.id });
      await db.execute(
        sql`INSERT INTO list_investors (list_id, investor_id) VALUES (${shared.id}, ${secret.id}), (${hers.id}, ${secret.id}), (${hers.id}, ${own.id})`,
      );
      await db.insert(pipelineNotes).values({ list_id: hers.id, investor_id: secret.id, user_id: viewer, body: 'Copied over' });
      Object.assign(ids, { shared: shared.id, hers: hers.id, secret: secret.id, own: own.id });
    });
    const { app, close } = await buildTestApp(older, { rateLimit: false });
    try {
      const rows = await app.db.select({ list: listInvestors.list_id, investor: listInvestors.investor_id }).from(listInvestors);
      expect(rows.map((row) => [row.list, row.investor]).sort()).toEqual(
        [
          [ids.shared, ids.secret],
          [ids.hers, ids.own],
        ].sort(),
      );
      expect(await app.db.select().from(pipelineNotes)).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
