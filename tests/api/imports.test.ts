// Importing a spreadsheet into an investor list: the preview's checks and matches (exact by e-mail, likely by
// domain and last name or by name and firm once accents, punctuation and suffixes are set aside, else
// candidates), an import that lands all rows or none and once per Idempotency-Key, its undo, and the list's rules.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, count, eq, sql } from 'drizzle-orm';
import { investors, listActivity, listEvents, listImports, listMembers, pipelineNotes, privateContacts } from '../../src/server/db/schema.js';
import { IMPORT_MAX_ROWS, type ImportResult, type PreviewRow, type UndoableImport } from '../../src/shared/imports.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { openEventStream, type EventStream } from '../helpers/event-stream.js';
import { caller, insertFund, listWith, type Call } from '../helpers/pipeline.js';
import { createVerifiedUser } from '../helpers/users.js';

type Row = Record<string, unknown>;

describe.each(testDatabases())('imports on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Call;
  let viewer: Call;
  let stranger: Call;
  let viewerId: number;
  let viewerHeaders: Record<string, string>;
  const ids: Record<string, number> = {};
  const streams: EventStream[] = [];

  async function investor(key: string, fields: Partial<typeof investors.$inferInsert>) {
    const [row] = await app.db
      .insert(investors)
      .values({
        first_name: 'NaN',
        last_name: 'NaN',
        contact_title: 'Partner',
        email: 'NaN',
        gender: 'NaN',
        phone: 'NaN',
        firm_name: 'NaN',
        type_of_firm: 'Venture Capital Fund',
        office_website: 'NaN',
        city: 'Berlin',
        state: 'NaN',
        country: 'Germany',
        ...fields,
      })
      .returning({ id: investors.id });
    ids[key] = row.id;
  }

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    owner = caller(app, (await createVerifiedUser(app)).headers);
    const viewerUser = await createVerifiedUser(app);
    viewer = caller(app, viewerUser.headers);
    viewerId = viewerUser.user.id;
    viewerHeaders = viewerUser.headers;
    stranger = caller(app, (await createVerifiedUser(app)).headers);
    await investor('maria', {
      first_name: 'María',
      last_name: 'Núñez',
      email: 'Maria.Nunez@Andes.vc',
      office_website: 'https://www.andes.vc/team',
      firm_name: 'Andes Ventures, LLC',
    });
    await investor('john', { first_name: 'John', last_name: 'Smith', email: 'john@smithcap.example', office_website: 'smithcap.example', firm_name: 'Smith Capital' });
    await investor('jane', { first_name: 'Jane', last_name: 'Smith', firm_name: 'Other Partners' });
    await investor('johnny', { first_name: 'Johnny', last_name: 'Smith', firm_name: 'Elsewhere' });
    await investor('bob', { first_name: 'Bob', last_name: 'Smith', firm_name: 'Far Away' });
    await investor('lee', { first_name: 'Lee', last_name: 'Park', email: 'lee@park.example', firm_name: 'Park Holdings' });
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.close());
    await close();
  });

  async function list(name = 'Raise', holding: number[] = []) {
    const listId = await listWith(owner, 'investor', holding, name);
    await app.db.insert(listMembers).values({ list_id: listId, user_id: viewerId, role: 'viewer' });
    return listId;
  }

  async function preview(listId: number, rows: Row[], as = owner): Promise<PreviewRow[]> {
    const res = await as('POST', `/lists/${listId}/imports/preview`, { rows });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as PreviewRow[];
  }

  async function items(listId: number) {
    return (await owner('GET', `/lists/${listId}/items`)).json() as Array<Row & { id: number; pipeline: Row }>;
  }

  it('matches by e-mail in any case, by domain and last name, by name and firm, else offers candidates', async () => {
    const own = (await owner('POST', '/investors', { first_name: 'Zed', last_name: 'Own', email: 'zed@own.example' })).json().id as number;
    const listId = await list('Matching', [ids.lee]);
    const rows = await preview(listId, [
      { email: '  MARIA.NUNEZ@andes.VC ' },
      { first_name: 'Maria', last_name: 'Nunez', office_website: 'http://andes.vc' },
      { first_name: 'JOHN', last_name: 'smith', firm_name: 'Smith Capital LLC' },
      { first_name: 'Johnathan', last_name: 'Smith' },
      { first_name: 'Maria', last_name: 'Núñez', firm_name: 'Andes' },
      { first_name: 'Lee', last_name: 'Park', email: 'LEE@park.example' },
      { first_name: 'Zed', last_name: 'Own', email: 'Zed@Own.example' },
      { first_name: 'Nobody', last_name: 'Anywhere' },
    ]);
    expect(rows.map((r) => r.match)).toEqual([
      { investor_id: ids.maria, confidence: 'exact', by: 'email' },
      { investor_id: ids.maria, confidence: 'likely', by: 'domain_and_last_name' },
      { investor_id: ids.john, confidence: 'likely', by: 'name_and_firm' },
      null,
      { investor_id: ids.maria, confidence: 'likely', by: 'name_and_firm' },
      { investor_id: ids.lee, confidence: 'exact', by: 'email' },
      { investor_id: own, confidence: 'exact', by: 'email' },
      null,
    ]);
    expect(rows.map((r) => r.row)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows[0].candidates).toEqual([expect.objectContaining({ investor_id: ids.maria, first_name: 'María', firm_name: 'Andes Ventures, LLC' })]);
    // A likely match comes first, then others by name.
    expect(rows[2].candidates.map((c) => c.investor_id)).toEqual([ids.john, ids.johnny]);
    // The same last name and a first name starting with the same two letters, the most similar first: not Jane or Bob.
    expect(rows[3].candidates.map((c) => c.investor_id)).toEqual([ids.john, ids.johnny]);
    expect(rows[4].candidates[0].investor_id).toBe(ids.maria);
    expect(rows[6].candidates[0]).toMatchObject({ investor_id: own, private: true });
    expect(rows[7].candidates).toEqual([]);
    expect(rows.map((r) => r.duplicate_of_row)).toEqual([null, 0, null, null, 0, null, null, null]);
    expect(rows.map((r) => r.on_list)).toEqual([false, false, false, false, false, true, false, false]);
    expect(rows.every((r) => r.errors.length === 0)).toBe(true);
  });

  it('names each row’s errors, by field', async () => {
    const listId = await list('Errors');
    const rows = await preview(listId, [
      { contact_title: 'Partner' },
      { first_name: 'A', last_name: 'B', email: 'bad@' },
      { first_name: 'A', last_name: 'B', pipeline: { amount: -5, stage: 'won', follow_up_on: '2026-02-30' } },
      { first_name: 'A', last_name: 'B', pipeline: { amount: 1.5 } },
      { first_name: '=HYPERLINK("http://evil")', last_name: '<b>x</b>', pipeline: { stage: 'meeting', amount: 1_500_000, follow_up_on: '2026-03-12', note: 'Intro via Sam' } },
      { email: 'dup@x.example', first_name: 'Ann' },
      { email: 'DUP@x.example' },
    ]);
    const fields = rows.map((r) => r.errors.map((e) => e.field));
    expect(fields).toEqual([
      ['first_name'],
      ['email'],
      ['pipeline.stage', 'pipeline.amount', 'pipeline.follow_up_on'],
      ['pipeline.amount'],
      [],
      [],
      [],
    ]);
    expect(rows[0].errors[0].detail).toBe('The row has no name and no e-mail');
    expect(rows[6].duplicate_of_row).toBe(5);
  });

  it('lands every row or none: a row in error refuses the import and names it', async () => {
    const listId = await list('All or nothing');
    const [before] = await app.db.select({ n: count() }).from(privateContacts);
    const res = await owner('POST', `/lists/${listId}/imports`, {
      file_name: 'investors.csv',
      rows: [
        { first_name: 'New', last_name: 'Person', decision: { action: 'create' } },
        { email: 'maria.nunez@andes.vc', decision: { action: 'link', investor_id: ids.maria } },
        { first_name: 'Only', decision: { action: 'create' } },
        { first_name: 'X', last_name: 'Y', email: 'nope', decision: { action: 'skip' } },
        { first_name: 'Again', last_name: 'Maria', decision: { action: 'link', investor_id: ids.maria } },
        { first_name: 'Ghost', last_name: 'Row', decision: { action: 'link', investor_id: 2_000_000_000 } },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail).toMatch(/^Nothing was imported: 3 rows have errors/);
    expect(res.json().detail).toContain('row 2: A private contact needs a last name');
    expect(res.json().detail).toContain('row 4: Row 1 links the same investor');
    expect(res.json().detail).toContain('row 5: No investor 2000000000 can be added');
    expect(await items(listId)).toEqual([]);
    const [after] = await app.db.select({ n: count() }).from(privateContacts);
    expect(after.n).toBe(before.n);
    expect(await app.db.select().from(listImports).where(eq(listImports.list_id, listId))).toEqual([]);
  });

  async function runImport(listId: number, rows: Row[], key?: string) {
    const res = await owner('POST', `/lists/${listId}/imports`, { file_name: 'Raise tracker.xlsx', rows }, key ? { 'idempotency-key': key } : {});
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ImportResult;
  }

  it('adds, creates, updates and skips; the activity says imported from the file; undo puts everything back', async () => {
    const listId = await list('Import', [ids.john]);
    expect((await owner('PATCH', `/lists/${listId}/investors/${ids.john}`, { stage: 'contacted', amount: 100 })).statusCode).toBe(200);
    const before = await items(listId);
    const result = await runImport(listId, [
      { email: 'maria.nunez@andes.vc', pipeline: { stage: 'meeting', amount: 500_000, note: 'Met at demo day' }, decision: { action: 'link', investor_id: ids.maria } },
      { first_name: 'Zoë', last_name: 'Newman', firm_name: 'Angel', email: 'zoe@angel.example', pipeline: { follow_up_on: '2026-12-01' }, decision: { action: 'create' } },
      { first_name: 'Skipped', decision: { action: 'skip' } },
      { first_name: 'John', last_name: 'Smith', pipeline: { stage: 'passed', amount: 100, note: 'Not now' }, decision: { action: 'link', investor_id: ids.john } },
    ]);
    expect(result).toMatchObject({ added: 1, created: 1, updated: 1, skipped: 1 });
    const after = await items(listId);
    expect(after.map((i) => i.id)).toEqual([ids.john, ids.maria, after[2].id]);
    expect(after[1].pipeline).toMatchObject({ stage: 'meeting', amount: 500_000, note_count: 1 });
    expect(after[2]).toMatchObject({ first_name: 'Zoë', private: true, pipeline: { stage: 'lead', follow_up_on: '2026-12-01' } });
    expect(after[0].pipeline).toMatchObject({ stage: 'passed', amount: 100, note_count: 1 });
    const zoe = after[2].id;
    const activity = (await viewer('GET', `/lists/${listId}/investors/${ids.maria}/activity`)).json() as Array<Row>;
    expect(activity.map((a) => a.action)).toContain('imported');
    expect(activity.find((a) => a.action === 'imported')).toMatchObject({ file_name: 'Raise tracker.xlsx', user: expect.objectContaining({ first_name: 'Ada' }) });
    const johns = (await owner('GET', `/lists/${listId}/investors/${ids.john}/activity`)).json() as Array<Row>;
    expect(johns.slice(0, 2).map((a) => [a.action, a.from, a.to])).toEqual(
      expect.arrayContaining([['stage', 'contacted', 'passed']]),
    );
    // The viewer sees the new private contact while the list holds it.
    expect((await viewer('GET', `/investors/${zoe}`)).json()).toMatchObject({ private: true, first_name: 'Zoë' });

    expect((await owner('DELETE', `/lists/${listId}/imports/${result.id}`)).statusCode).toBe(200);
    const undone = await items(listId);
    expect(undone.map((i) => i.id)).toEqual([ids.john]);
    expect(undone[0].pipeline).toMatchObject({ stage: before[0].pipeline.stage, amount: 100, note_count: 0 });
    expect((await owner('GET', `/investors/${zoe}`)).statusCode).toBe(404);
    expect(await app.db.select().from(pipelineNotes).where(eq(pipelineNotes.list_id, listId))).toEqual([]);
    const again = await owner('DELETE', `/lists/${listId}/imports/${result.id}`);
    expect(again.statusCode).toBe(410);
  });

  it('takes the texts of the removed rows\' notes and touches from the activity and the events on undo', async () => {
    const listId = await list('Touched');
    const result = await runImport(listId, [
      { first_name: 'Lee', last_name: 'Park', pipeline: { note: 'Imported secret' }, decision: { action: 'link', investor_id: ids.lee } },
    ]);
    const touches = `/lists/${listId}/investors/${ids.lee}/touches`;
    const logged = await owner('POST', touches, { kind: 'meeting', subject: 'Partner meeting', body: 'Term sheet talk' });
    expect(logged.statusCode, logged.body).toBe(201);
    expect((await owner('PATCH', `${touches}/${(logged.json() as { id: number }).id}`, { shared: true })).statusCode).toBe(200);
    const held = async () => JSON.stringify([
      await app.db.select({ detail: listActivity.detail }).from(listActivity).where(eq(listActivity.list_id, listId)),
      await app.db.select({ data: listEvents.data }).from(listEvents).where(eq(listEvents.list_id, listId)),
    ]);
    expect(await held()).toContain('Term sheet talk');
    expect(await held()).toContain('Partner meeting');

    expect((await owner('DELETE', `/lists/${listId}/imports/${result.id}`)).statusCode).toBe(200);
    for (const text of ['Imported secret', 'Partner meeting', 'Term sheet talk']) expect(await held()).not.toContain(text);
  });

  it('keeps on undo what changed since: a later stage, a created contact now on another list', async () => {
    const listId = await list('Later', [ids.lee]);
    const result = await runImport(listId, [
      { first_name: 'Lee', last_name: 'Park', pipeline: { stage: 'meeting', amount: 5 }, decision: { action: 'link', investor_id: ids.lee } },
      { first_name: 'Kept', last_name: 'Elsewhere', decision: { action: 'create' } },
    ]);
    const kept = (await items(listId)).find((i) => i.first_name === 'Kept')!.id;
    const other = await listWith(owner, 'investor', [kept], 'Other');
    const later = new Date(Date.now() + 1000).toISOString();
    expect((await owner('PATCH', `/lists/${listId}/investors/${ids.lee}`, { stage: 'term_sheet', changed_at: later })).statusCode).toBe(200);
    expect((await owner('DELETE', `/lists/${listId}/imports/${result.id}`)).statusCode).toBe(200);
    const [lee] = await items(listId);
    expect(lee.pipeline).toMatchObject({ stage: 'term_sheet', amount: null });
    expect(((await owner('GET', `/lists/${other}/items`)).json() as Array<{ id: number }>).map((i) => i.id)).toEqual([kept]);
    expect((await owner('GET', `/investors/${kept}`)).statusCode).toBe(200);
  });

  it('keeps on undo a row removed since and added again by hand, and the contact it created that is such a row', async () => {
    const listId = await list('Again');
    await runImport(listId, [
      { first_name: 'Lee', last_name: 'Park', decision: { action: 'link', investor_id: ids.lee } },
      { first_name: 'Bob', last_name: 'Smith', decision: { action: 'link', investor_id: ids.bob } },
      { first_name: 'Made', last_name: 'Again', decision: { action: 'create' } },
    ]);
    const [result] = (await owner('GET', `/lists/${listId}/imports`)).json() as UndoableImport[];
    const made = (await items(listId)).find((i) => i.first_name === 'Made')!.id;
    for (const id of [ids.lee, made]) {
      expect((await owner('DELETE', `/lists/${listId}/investors/${id}`)).statusCode).toBe(204);
      expect((await owner('POST', `/lists/${listId}/investors/batch`, { investor_ids: [id] })).statusCode).toBeLessThan(300);
    }
    expect((await owner('DELETE', `/lists/${listId}/imports/${result.id}`)).statusCode).toBe(200);
    expect((await items(listId)).map((i) => i.id).sort((a, b) => a - b)).toEqual([ids.lee, made].sort((a, b) => a - b));
    expect((await owner('GET', `/investors/${made}`)).statusCode).toBe(200);
  });

  it('offers undo for 24 hours, then 410', async () => {
    const listId = await list('Old');
    const result = await runImport(listId, [{ first_name: 'Old', last_name: 'Import', decision: { action: 'create' } }]);
    await app.db.update(listImports).set({ created_at: sql`now() - interval '25 hours'` }).where(eq(listImports.id, result.id));
    const res = await owner('DELETE', `/lists/${listId}/imports/${result.id}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().detail).toMatch(/24 hours/);
    expect((await items(listId)).length).toBe(1);
    expect((await owner('DELETE', `/lists/${listId}/imports/999999`)).statusCode).toBe(404);
  });

  it('lists the imports still undoable, newest first, to every member: not one undone, not one older than 24 hours', async () => {
    const listId = await list('Undoable');
    const old = await runImport(listId, [{ first_name: 'Aged', last_name: 'Out', decision: { action: 'create' } }]);
    await app.db.update(listImports).set({ created_at: sql`now() - interval '25 hours'` }).where(eq(listImports.id, old.id));
    const undone = await runImport(listId, [{ first_name: 'Undone', last_name: 'Already', decision: { action: 'create' } }]);
    expect((await owner('DELETE', `/lists/${listId}/imports/${undone.id}`)).statusCode).toBe(200);
    const fresh = await runImport(listId, [
      { email: 'maria.nunez@andes.vc', decision: { action: 'link', investor_id: ids.maria } },
      { first_name: 'Fresh', last_name: 'Contact', decision: { action: 'create' } },
      { first_name: 'Skipped', decision: { action: 'skip' } },
    ]);
    const newer = await runImport(listId, [{ first_name: 'Newer', last_name: 'Still', decision: { action: 'create' } }]);

    const res = await viewer('GET', `/lists/${listId}/imports`);
    expect(res.statusCode, res.body).toBe(200);
    const answered = res.json() as UndoableImport[];
    expect(answered.map((i) => i.id)).toEqual([newer.id, fresh.id]);
    expect(answered[1]).toEqual({
      ...fresh,
      file_name: 'Raise tracker.xlsx',
      created_at: expect.any(String),
      user: expect.objectContaining({ first_name: 'Ada' }),
      undo_until: expect.any(String),
      can_undo: false,
      others_work: [],
    });
    expect(answered[1]).toMatchObject({ added: 1, created: 1, updated: 0, skipped: 1 });
    const age = Date.parse(answered[1].undo_until) - Date.parse(answered[1].created_at);
    expect(age).toBe(24 * 60 * 60 * 1000);

    expect((await owner('DELETE', `/lists/${listId}/imports/${newer.id}`)).statusCode).toBe(200);
    expect(((await owner('GET', `/lists/${listId}/imports`)).json() as UndoableImport[]).map((i) => i.id)).toEqual([fresh.id]);
    expect((await stranger('GET', `/lists/${listId}/imports`)).statusCode).toBe(404);
    expect((await viewer('DELETE', `/lists/${listId}/imports/${fresh.id}`)).statusCode).toBe(403);
  });

  it('tells the list’s live streams once per import and once per undo, however many rows, and still logs each row', async () => {
    const listId = await list('Live', [ids.john]);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    const open = async (path: string) => {
      const stream = await openEventStream(`${base}${path}`, viewerHeaders);
      streams.push(stream);
      expect(stream.status).toBe(200);
      return stream;
    };
    const [stream, sidebar] = [await open(`/lists/${listId}/events`), await open('/lists/events')];
    expect((await stream.next()).event).toBe('ready');
    const storedEvents = async () =>
      (await app.db.select({ n: count() }).from(listEvents).where(eq(listEvents.list_id, listId)))[0].n;
    const eventsBefore = await storedEvents();
    let seen = 1;
    /** What the stream sent since the last mark up to a new one, a change made after the import or undo: all theirs. */
    const toldUntilMark = async (stage: 'meeting' | 'lead') => {
      expect((await owner('PATCH', `/lists/${listId}/investors/${ids.john}`, { stage })).statusCode).toBe(200);
      const mark = await stream.next((event) => event.event === 'row-changed' && (event.data as Row).item_id === ids.john, 10_000);
      const at = stream.events.indexOf(mark);
      const told = stream.events.slice(seen, at);
      seen = at + 1;
      return told;
    };

    const created = 2000;
    const result = await runImport(listId, [
      { first_name: 'John', last_name: 'Smith', pipeline: { amount: 250_000, note: 'Warm' }, decision: { action: 'link', investor_id: ids.john } },
      { email: 'maria.nunez@andes.vc', decision: { action: 'link', investor_id: ids.maria } },
      ...Array.from({ length: created }, (_, i) => ({ first_name: `Row${i}`, last_name: 'Imported', decision: { action: 'create' } })),
    ]);
    expect(result).toMatchObject({ added: 1, created, updated: 1 });
    const imported = await toldUntilMark('meeting');
    expect(imported.map((event) => event.event)).toEqual(['reset']);
    expect(imported[0].data).toEqual({ type: 'reset', list_id: listId, at: expect.any(String), by: expect.objectContaining({ first_name: 'Ada' }) });
    // Stored once too: one event for the import, one for the mark.
    expect((await storedEvents()) - eventsBefore).toBe(2);
    // The sidebar hears of it (its count changed).
    expect(await sidebar.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    // Each row's activity is logged as it was: imported from the file, one a row added.
    const [{ n: importedRows }] = await app.db
      .select({ n: count() })
      .from(listActivity)
      .where(and(eq(listActivity.list_id, listId), eq(listActivity.action, 'imported')));
    expect(importedRows).toBe(created + 1);

    expect((await owner('DELETE', `/lists/${listId}/imports/${result.id}`)).statusCode).toBe(200);
    const undone = await toldUntilMark('lead');
    expect(undone.map((event) => event.event)).toEqual(['reset']);
    expect((await storedEvents()) - eventsBefore).toBe(4);
    expect(await sidebar.next()).toMatchObject({ event: 'lists-changed', data: { list_id: listId } });
    expect((await items(listId)).map((i) => i.id)).toEqual([ids.john]);
  }, 60_000);

  it('lands once when replayed with its Idempotency-Key', async () => {
    const listId = await list('Replay');
    const rows = [{ first_name: 'Replayed', last_name: 'Once', decision: { action: 'create' } }];
    const first = await runImport(listId, rows, 'import-key-1');
    const second = await runImport(listId, rows, 'import-key-1');
    expect(second).toEqual(first);
    expect((await items(listId)).length).toBe(1);
    const stored = await app.db.select().from(listImports).where(eq(listImports.list_id, listId));
    expect(stored.length).toBe(1);
  });

  it('follows the list’s rules: viewer 403, stranger 404, a fund list 422', async () => {
    const listId = await list('Rules');
    const done = await runImport(listId, [{ first_name: 'R', last_name: 'S', decision: { action: 'create' } }]);
    const body = { file_name: 'a.csv', rows: [{ first_name: 'A', last_name: 'B', decision: { action: 'create' } }] };
    for (const [as, status] of [[viewer, 403], [stranger, 404]] as const) {
      expect((await as('POST', `/lists/${listId}/imports/preview`, { rows: [{ first_name: 'A' }] })).statusCode).toBe(status);
      expect((await as('POST', `/lists/${listId}/imports`, body)).statusCode).toBe(status);
      expect((await as('DELETE', `/lists/${listId}/imports/${done.id}`)).statusCode).toBe(status);
    }
    const fundList = await listWith(owner, 'fund', [await insertFund(app, 'Fund A')], 'Funds');
    const refused = await owner('POST', `/lists/${fundList}/imports`, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/list of funds/);
  });

  it('answers hostile input with a 4xx, never a 5xx', async () => {
    const listId = await list('Hostile');
    const send = (payload: string, path = 'imports/preview') =>
      owner('POST', `/lists/${listId}/${path}`, payload, { 'content-type': 'application/json' });
    const many = Array.from({ length: IMPORT_MAX_ROWS + 1 }, () => ({ first_name: 'A' }));
    const cases: Array<[unknown, number]> = [
      [{ rows: many }, 422],
      [{ rows: [] }, 422],
      [{ rows: [{ first_name: 'x'.repeat(5000) }] }, 422],
      [{ rows: [{ first_name: 5 }] }, 422],
      [{ rows: [{ pipeline: { amount: '1M' } }] }, 422],
      [{ rows: [{ stage_preferences: 'Seed' }] }, 422],
      [{ rows: 'all' }, 422],
      ['{"rows":[{"first_name":"A","__proto__":{"admin":true}}]}', 400],
      ['{"rows":[{"first_name":"A","constructor":{"prototype":{"x":1}}}]}', 400],
      [JSON.stringify({ rows: [{ first_name: 'A', note: 'x'.repeat(9 * 1024 * 1024) }] }), 413],
    ];
    for (const [payload, status] of cases) {
      const res = await send(typeof payload === 'string' ? payload : JSON.stringify(payload));
      expect(res.statusCode, `${String(payload).slice(0, 60)}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('detail');
      if (status !== 400) expect(res.statusCode).toBe(status);
    }
    const commit = await send(JSON.stringify({ file_name: 'a.csv', rows: [{ first_name: 'A', decision: { action: 'merge' } }] }), 'imports');
    expect(commit.statusCode).toBe(422);
    expect((await items(listId)).length).toBe(0);
  });

  it('matches 5,000 rows in one preview', async () => {
    const listId = await list('Big');
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) =>
      i % 2 === 0 ? { email: 'maria.nunez@andes.vc' } : { first_name: `Person${i}`, last_name: 'Smith', firm_name: `Firm ${i}` },
    );
    const started = Date.now();
    const answered = await preview(listId, rows);
    expect(answered.length).toBe(IMPORT_MAX_ROWS);
    expect(answered[0].match?.investor_id).toBe(ids.maria);
    expect(answered[2].duplicate_of_row).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
