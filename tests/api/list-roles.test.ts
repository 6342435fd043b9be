// Who may do what on a shared list: every list-scoped operation of the OpenAPI document (a path under
// /api/v1/lists/{id}) called as the owner, an editor, a viewer, a stranger and a removed member, each on a
// list set up afresh, each answer as the rules say. An operation the table below does not name fails the
// suite, so a new list route cannot escape it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import { listImports, listInvitations, listMembers, pipelineNotes, rowTouches } from '../../src/server/db/schema.js';
import { createMailer } from '../../src/server/mail/mailer.js';
import { TEAM_MESSAGES } from '../../src/shared/teams.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { insertFund, insertInvestor } from '../helpers/pipeline.js';
import { startSmtpSink } from '../helpers/smtp-sink.js';
import { joinList, member, type Member, type Sink } from '../helpers/teams.js';

type Role = 'owner' | 'editor' | 'viewer' | 'stranger' | 'removed';
const ROLES: Role[] = ['owner', 'editor', 'viewer', 'stranger', 'removed'];

/** What an operation needs: to read the list, change its rows, rename or delete it, or share it. */
type Need = 'read' | 'edit' | 'manage' | 'share';

/** Every list-scoped operation, by method and path, with what it needs and its success status. */
const RULES: Record<string, { need: Need; ok: number }> = {
  'GET /api/v1/lists/{id}': { need: 'read', ok: 200 },
  'PATCH /api/v1/lists/{id}': { need: 'manage', ok: 200 },
  'DELETE /api/v1/lists/{id}': { need: 'manage', ok: 204 },
  'GET /api/v1/lists/{id}/items': { need: 'read', ok: 200 },
  'POST /api/v1/lists/{id}/investors/batch': { need: 'edit', ok: 200 },
  'POST /api/v1/lists/{id}/funds/batch': { need: 'edit', ok: 200 },
  'DELETE /api/v1/lists/{id}/investors/{itemId}': { need: 'edit', ok: 204 },
  'DELETE /api/v1/lists/{id}/funds/{itemId}': { need: 'edit', ok: 204 },
  'PATCH /api/v1/lists/{id}/investors/{itemId}': { need: 'edit', ok: 200 },
  'PATCH /api/v1/lists/{id}/funds/{itemId}': { need: 'edit', ok: 200 },
  'GET /api/v1/lists/{id}/investors/{itemId}/notes': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/funds/{itemId}/notes': { need: 'read', ok: 200 },
  'POST /api/v1/lists/{id}/investors/{itemId}/notes': { need: 'edit', ok: 201 },
  'POST /api/v1/lists/{id}/funds/{itemId}/notes': { need: 'edit', ok: 201 },
  'DELETE /api/v1/lists/{id}/investors/{itemId}/notes/{noteId}': { need: 'edit', ok: 204 },
  'DELETE /api/v1/lists/{id}/funds/{itemId}/notes/{noteId}': { need: 'edit', ok: 204 },
  'GET /api/v1/lists/{id}/investors/{itemId}/touches': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/funds/{itemId}/touches': { need: 'read', ok: 200 },
  'POST /api/v1/lists/{id}/investors/{itemId}/touches': { need: 'edit', ok: 201 },
  'POST /api/v1/lists/{id}/funds/{itemId}/touches': { need: 'edit', ok: 201 },
  'PATCH /api/v1/lists/{id}/investors/{itemId}/touches/{touchId}': { need: 'edit', ok: 200 },
  'PATCH /api/v1/lists/{id}/funds/{itemId}/touches/{touchId}': { need: 'edit', ok: 200 },
  'DELETE /api/v1/lists/{id}/investors/{itemId}/touches/{touchId}': { need: 'edit', ok: 204 },
  'DELETE /api/v1/lists/{id}/funds/{itemId}/touches/{touchId}': { need: 'edit', ok: 204 },
  'GET /api/v1/lists/{id}/investors/{itemId}/activity': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/funds/{itemId}/activity': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/investors/{itemId}/deck-links': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/events': { need: 'read', ok: 200 },
  'POST /api/v1/lists/{id}/events/ticket': { need: 'read', ok: 200 },
  'GET /api/v1/lists/{id}/members': { need: 'share', ok: 200 },
  'POST /api/v1/lists/{id}/members': { need: 'share', ok: 201 },
  'PATCH /api/v1/lists/{id}/members/{userId}': { need: 'share', ok: 200 },
  'DELETE /api/v1/lists/{id}/members/{userId}': { need: 'share', ok: 204 },
  'DELETE /api/v1/lists/{id}/invitations/{invitationId}': { need: 'share', ok: 204 },
  'GET /api/v1/lists/{id}/imports': { need: 'read', ok: 200 },
  'POST /api/v1/lists/{id}/imports/preview': { need: 'edit', ok: 200 },
  'POST /api/v1/lists/{id}/imports': { need: 'edit', ok: 201 },
  'DELETE /api/v1/lists/{id}/imports/{importId}': { need: 'edit', ok: 200 },
};

/** The answer the rules give `role` for an operation needing `need`: its status, and the detail of a refusal. */
function expected(role: Role, need: Need, ok: number): { status: number; detail?: string } {
  if (role === 'stranger' || role === 'removed') return { status: 404, detail: TEAM_MESSAGES.listNotFound };
  if (role === 'owner' || need === 'read') return { status: ok };
  if (need === 'edit') return role === 'editor' ? { status: ok } : { status: 403, detail: TEAM_MESSAGES.viewerCannotChange };
  return { status: 403, detail: need === 'manage' ? TEAM_MESSAGES.ownerOnlyRename : TEAM_MESSAGES.ownerOnlyMembers };
}

const BODIES: Record<string, unknown> = {
  'PATCH /api/v1/lists/{id}': { name: 'Renamed' },
  'PATCH /api/v1/lists/{id}/investors/{itemId}': { stage: 'meeting' },
  'PATCH /api/v1/lists/{id}/funds/{itemId}': { amount: 5000 },
  'POST /api/v1/lists/{id}/investors/{itemId}/notes': { body: 'Called them' },
  'POST /api/v1/lists/{id}/funds/{itemId}/notes': { body: 'Called them' },
  'POST /api/v1/lists/{id}/investors/{itemId}/touches': { kind: 'call', body: 'Called them' },
  'POST /api/v1/lists/{id}/funds/{itemId}/touches': { kind: 'meeting' },
  'PATCH /api/v1/lists/{id}/investors/{itemId}/touches/{touchId}': { shared: false },
  'PATCH /api/v1/lists/{id}/funds/{itemId}/touches/{touchId}': { shared: false },
  'POST /api/v1/lists/{id}/members': { email: 'newcomer@example.test', role: 'viewer' },
  'PATCH /api/v1/lists/{id}/members/{userId}': { role: 'editor' },
  'POST /api/v1/lists/{id}/imports/preview': { rows: [{ first_name: 'Ana', last_name: 'Stone' }] },
  'POST /api/v1/lists/{id}/imports': { file_name: 'a.csv', rows: [{ first_name: 'New', last_name: 'Contact', decision: { action: 'create' } }] },
};

describe.each(testDatabases())('who may do what on a shared list, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let sink: Sink;
  const people = {} as Record<Role, Member>;
  const rows: Record<'investor' | 'fund', number[]> = { investor: [], fund: [] };
  let operations: Array<{ method: string; path: string }>;
  let joinedOnce = false;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: 'Fundscape <no-reply@fundscape.test>' });
    ({ app, close } = await buildTestApp(kind, { rateLimit: false, mailer }));
    for (const role of ROLES) people[role] = await member(app);
    for (const name of ['Ana', 'Ben', 'Cy']) rows.investor.push(await insertInvestor(app, name, 'Stone', 'Stone Capital'));
    for (const name of ['North', 'South', 'East']) rows.fund.push(await insertFund(app, name));
    const document = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/lists/{id}'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
  });
  afterAll(async () => {
    await close();
    await sink.close();
  });

  /**
   * A list of the owner's holding the first two rows, an editor and a viewer on it, one who was removed, a
   * pending invitation, and a note and a touch by `author` (or the owner) on the first row. The members and the invitation
   * are written straight to the database (tests/api/invitations.test.ts tests joining by mail), all but the
   * first list's members, who join by mail as a person would.
   */
  async function sharedList(listType: 'investor' | 'fund', author: Role) {
    const owner = people.owner.call;
    const created = await owner('POST', '/lists', { name: 'Raise', list_type: listType });
    const listId = created.json().id as number;
    const [first, second] = rows[listType];
    await owner('POST', `/lists/${listId}/${listType}s/batch`, { [`${listType}_ids`]: [first, second] });
    for (const [role, as] of [['editor', 'editor'], ['viewer', 'viewer'], ['removed', 'editor']] as const) {
      if (joinedOnce) await app.db.insert(listMembers).values({ list_id: listId, user_id: people[role].id, role: as });
      else await joinList(sink, owner, listId, people[role], as);
    }
    joinedOnce = true;
    expect((await owner('DELETE', `/lists/${listId}/members/${people.removed.id}`)).statusCode).toBe(204);
    const [invitation] = await app.db
      .insert(listInvitations)
      .values({
        list_id: listId,
        email: 'pending@example.test',
        role: 'viewer',
        token_hash: randomUUID(),
        invited_by: people.owner.id,
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: listInvitations.id });
    const item = listType === 'investor' ? { investor_id: first } : { fund_id: first };
    const noteAuthor = author === 'stranger' || author === 'removed' ? people.owner : people[author];
    const [note] = await app.db
      .insert(pipelineNotes)
      .values({ list_id: listId, ...item, user_id: noteAuthor.id, body: 'A note' })
      .returning({ id: pipelineNotes.id });
    const [touch] = await app.db
      .insert(rowTouches)
      .values({ list_id: listId, ...item, user_id: noteAuthor.id, kind: 'call', happened_at: new Date() })
      .returning({ id: rowTouches.id });
    // An import of nothing by the caller (whose undo is theirs), for its undo.
    const [imported] = await app.db
      .insert(listImports)
      .values({ list_id: listId, user_id: noteAuthor.id, file_name: 'a.csv', effects: { at: new Date().toISOString(), added: [], created: [], updated: [], notes: [] } })
      .returning({ id: listImports.id });
    return { listId, itemId: first, noteId: note.id, touchId: touch.id, invitationId: invitation.id, importId: imported.id };
  }

  /** Sends the operation; an event stream is judged by its head and then let go. */
  async function send(role: Role, method: string, url: string, payload: unknown) {
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url,
      headers: people[role].headers,
      payload: payload as InjectOptions['payload'],
    };
    if (!url.endsWith('/events')) {
      const res = await app.inject(options);
      return { status: res.statusCode, body: res.body };
    }
    const res = await app.inject({ ...options, payloadAsStream: true });
    const stream = res.stream();
    if (res.statusCode === 200) {
      stream.destroy();
      return { status: 200, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { status: res.statusCode, body: Buffer.concat(chunks).toString() };
  }

  it('knows every list-scoped operation the document has', () => {
    const unknown = operations.map((op) => `${op.method} ${op.path}`).filter((key) => !RULES[key]);
    expect(unknown, 'list-scoped operations the matrix has no rule for').toEqual([]);
    expect(operations.length).toBe(Object.keys(RULES).length);
  });

  it('answers each role as the rules say, for every list-scoped operation', { timeout: 240_000 }, async () => {
    const wrong: string[] = [];
    // An operation that only reads leaves the list as it found it: the reads share one list per type and role.
    const forReading = new Map<string, Awaited<ReturnType<typeof sharedList>>>();
    const listFor = async (listType: 'investor' | 'fund', role: Role, need: Need) => {
      if (need !== 'read') return sharedList(listType, role);
      const key = `${listType} ${role}`;
      if (!forReading.has(key)) forReading.set(key, await sharedList(listType, role));
      return forReading.get(key)!;
    };
    for (const { method, path } of operations) {
      const key = `${method} ${path}`;
      const rule = RULES[key];
      const listType = path.includes('/funds') ? 'fund' : 'investor';
      for (const role of ROLES) {
        const list = await listFor(listType, role, rule.need);
        // Another member than the caller, for a member's role change or removal (leaving is tested apart).
        const target = role === 'viewer' ? people.editor : people.viewer;
        const url = path
          .replace('{id}', String(list.listId))
          .replace('{itemId}', String(list.itemId))
          .replace('{noteId}', String(list.noteId))
          .replace('{touchId}', String(list.touchId))
          .replace('{userId}', String(target.id))
          .replace('{invitationId}', String(list.invitationId))
          .replace('{importId}', String(list.importId));
        // A batch adds the third row, which is not on the list yet.
        const body = path.endsWith('/batch') ? { [`${listType}_ids`]: [rows[listType][2]] } : BODIES[key];
        const res = await send(role, method, url, body);
        const want = expected(role, rule.need, rule.ok);
        const detail = res.status >= 400 ? (JSON.parse(res.body) as { detail?: string }).detail : undefined;
        if (res.status !== want.status || (want.detail !== undefined && detail !== want.detail)) {
          wrong.push(`${key} as ${role}: ${res.status} ${res.body.slice(0, 120)} (expected ${want.status} ${want.detail ?? ''})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets a member leave, and then the list is a 404 to them', async () => {
    const { listId } = await sharedList('investor', 'owner');
    for (const role of ['editor', 'viewer'] as const) {
      const leaving = people[role].call;
      expect((await leaving('DELETE', `/lists/${listId}/members/${people[role].id}`)).statusCode).toBe(204);
      expect((await leaving('GET', `/lists/${listId}`)).statusCode).toBe(404);
      expect(((await leaving('GET', '/lists')).json() as Array<{ id: number }>).map((l) => l.id)).not.toContain(listId);
    }
    const stays = await people.owner.call('DELETE', `/lists/${listId}/members/${people.owner.id}`);
    expect(stays.statusCode).toBe(422);
    expect(stays.json().detail).toBe(TEAM_MESSAGES.ownerCannotLeave);
  });

  it('lists shared lists beside one’s own, with the role and the owner', async () => {
    const { listId } = await sharedList('fund', 'owner');
    for (const role of ['editor', 'viewer'] as const) {
      const lists = (await people[role].call('GET', '/lists')).json() as Array<Record<string, unknown>>;
      expect(lists.find((list) => list.id === listId)).toEqual({
        id: listId,
        name: 'Raise',
        description: '',
        list_type: 'fund',
        item_count: 2,
        role,
        owner: { id: people.owner.id, first_name: 'Ada', last_name: people.owner.user.last_name },
      });
      expect((await people[role].call('GET', `/lists/${listId}`)).json()).toMatchObject({ role, item_count: 2 });
    }
    const rows = await app.db.select().from(listMembers);
    expect(rows.some((row) => row.list_id === listId && row.user_id === people.removed.id)).toBe(false);
  });
});
