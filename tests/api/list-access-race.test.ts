// A change to a list waits for the changes under way to it (the list's row lock), then reads the caller's role
// as it stands after them: a member removed while her change waited is refused it. PostgreSQL only: PGlite
// runs one statement at a time, so nothing waits there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { listMembers } from '../../src/server/db/schema.js';
import { openDatabase } from '../../src/server/db/client.js';
import { buildTestApp } from '../helpers/app.js';
import { createPostgresDatabase } from '../helpers/database.js';
import { insertInvestor } from '../helpers/pipeline.js';
import { member } from '../helpers/teams.js';

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('[list-access-race] skipped: TEST_DATABASE_URL is not set');

describe.skipIf(!serverUrl)('a change waiting behind a member’s removal on PostgreSQL', () => {
  let drop: () => Promise<void>;
  let instance: Awaited<ReturnType<typeof buildTestApp>>;
  let psql: pg.Client;

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await createPostgresDatabase(serverUrl!));
    instance = await buildTestApp({ name: 'postgres' as const, open: () => openDatabase({ url }) }, { rateLimit: false });
    psql = new pg.Client({ connectionString: url });
    await psql.connect();
  }, 180_000);
  afterAll(async () => {
    await psql?.end();
    await instance?.close();
    await drop?.();
  }, 180_000);

  it('is refused with a 404 once the removal commits, and changes nothing', async () => {
    const { app } = instance;
    const owner = await member(app);
    const editor = await member(app);
    const investor = await insertInvestor(app, 'Ana', 'Stone', 'Stone Capital');
    const listId = (await owner.call('POST', '/lists', { name: 'Raise', list_type: 'investor' })).json().id as number;
    await owner.call('POST', `/lists/${listId}/investors/batch`, { investor_ids: [investor] });
    await app.db.insert(listMembers).values({ list_id: listId, user_id: editor.id, role: 'editor' });

    // The removal holds the list's lock, as every change to it does, and commits while her change waits for it.
    await psql.query('BEGIN');
    await psql.query('SELECT 1 FROM lists WHERE id = $1 FOR UPDATE', [listId]);
    await psql.query('DELETE FROM list_members WHERE list_id = $1 AND user_id = $2', [listId, editor.id]);
    const change = editor.call('PATCH', `/lists/${listId}/investors/${investor}`, { stage: 'meeting' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await psql.query('COMMIT');

    expect((await change).statusCode).toBe(404);
    const items = (await owner.call('GET', `/lists/${listId}/items`)).json() as Array<{ id: number; pipeline: { stage: string } }>;
    expect(items.find((item) => item.id === investor)?.pipeline.stage).not.toBe('meeting');
  });
});
