// Idempotency-Key on the calls that change a list: the first answer is kept with the key (per user, 24
// hours), and a repeat answers it again and changes nothing — even after what it did was undone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { LISTS_CREATED_PER_HOUR } from '../../src/shared/form-rules.js';
import { gunzipSync } from 'node:zlib';
import { queryRows } from '../../src/server/db/query-rows.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { testDatabases } from '../helpers/database.js';
import { buildTestApp } from '../helpers/app.js';
import { createVerifiedUser } from '../helpers/users.js';

type Headers = Record<string, string>;

describe.each(testDatabases())('Idempotency-Key on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Headers;
  let other: Headers;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    await seedCatalogue(app.db, { investors: 10, funds: 3 });
    owner = (await createVerifiedUser(app)).headers;
    other = (await createVerifiedUser(app)).headers;
  });
  afterAll(() => close());

  function call(method: InjectOptions['method'], url: string, headers: Headers, payload?: unknown, key?: string) {
    return app.inject({
      method,
      url: `/api/v1/lists${url}`,
      headers: key ? { ...headers, 'idempotency-key': key } : headers,
      payload: payload as InjectOptions['payload'],
    });
  }

  async function newList(headers: Headers, listType: 'investor' | 'fund' = 'investor'): Promise<number> {
    const res = await call('POST', '', headers, { name: `List ${randomUUID()}`, description: '', list_type: listType });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  async function itemIds(listId: number, headers = owner): Promise<number[]> {
    return ((await call('GET', `/${listId}/items`, headers)).json() as Array<{ id: number }>).map((row) => row.id);
  }

  it('answers a replayed addition with the first answer and does not add back a row removed since', async () => {
    const listId = await newList(owner);
    const key = randomUUID();
    const first = await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [1, 2] }, key);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ added: [1, 2], item_count: 2 });

    expect((await call('DELETE', `/${listId}/investors/2`, owner)).statusCode).toBe(204);
    const replayed = await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [1, 2] }, key);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual(first.json());
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await itemIds(listId)).toEqual([1]);

    // Without the key the same body is a new request, and adds the row again.
    const fresh = await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [1, 2] });
    expect(fresh.json()).toMatchObject({ added: [2], already_in_list: [1] });
  });

  it('replays a removal without removing a row added back since', async () => {
    const listId = await newList(owner);
    await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [3] });
    const key = randomUUID();
    expect((await call('DELETE', `/${listId}/investors/3`, owner, undefined, key)).statusCode).toBe(204);
    await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [3] });
    const replayed = await call('DELETE', `/${listId}/investors/3`, owner, undefined, key);
    expect(replayed.statusCode).toBe(204);
    expect(replayed.body).toBe('');
    expect(await itemIds(listId)).toEqual([3]);
  });

  it('replays a refusal too, and a list created once stays one list', async () => {
    const key = randomUUID();
    const missing = await call('POST', '/999999/investors/batch', owner, { investor_ids: [1] }, key);
    expect(missing.statusCode).toBe(404);
    const again = await call('POST', '/999999/investors/batch', owner, { investor_ids: [1] }, key);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(missing.json());

    const before = ((await call('GET', '', owner)).json() as unknown[]).length;
    const createKey = randomUUID();
    const body = { name: 'Once', description: '', list_type: 'fund' };
    const created = await call('POST', '', owner, body, createKey);
    const repeated = await call('POST', '', owner, body, createKey);
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toEqual(created.json());
    expect(((await call('GET', '', owner)).json() as unknown[]).length).toBe(before + 1);
  });

  it('keeps the answer as sent, whether or not it went compressed', async () => {
    const key = randomUUID();
    const body = { name: 'Long', description: 'x'.repeat(1000), list_type: 'investor' };
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/lists',
        headers: { ...owner, 'idempotency-key': key, 'accept-encoding': 'gzip' },
        payload: body,
      });
    const first = await send();
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await send();
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(again.rawPayload).toString())).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString()));
    const plain = await call('POST', '', owner, body, key);
    expect(plain.json()).toMatchObject({ name: 'Long', description: body.description });
  });

  it('refuses a key reused for a different request, and keeps each user’s keys apart', async () => {
    const listId = await newList(owner);
    const key = randomUUID();
    await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [4] }, key);
    const reused = await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [5] }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().detail).toMatch(/Idempotency-Key/);
    expect(await itemIds(listId)).toEqual([4]);

    const theirs = await newList(other);
    const res = await call('POST', `/${theirs}/investors/batch`, other, { investor_ids: [4] }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ added: [4] });
  });

  it('lets concurrent requests with one key run once, each answered alike', async () => {
    const listId = await newList(owner, 'fund');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `/${listId}/funds/batch`, owner, { fund_ids: [1, 2, 3] }, key)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const res of answers) expect(res.json()).toEqual(answers[0].json());
    expect(answers[0].json()).toMatchObject({ added: [1, 2, 3] });
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
  });

  it('keeps no note text in a stored answer, and a replay reads it again', async () => {
    const listId = await newList(owner);
    await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [7] });
    const text = `Met at the demo day ${randomUUID()}`;
    const key = randomUUID();
    const added = await call('POST', `/${listId}/investors/7/notes`, owner, { body: ` ${text} ` }, key);
    expect(added.statusCode, added.body).toBe(201);
    const patchKey = randomUUID();
    const patched = await call('PATCH', `/${listId}/investors/7`, owner, { stage: 'contacted' }, patchKey);
    expect(patched.json().pipeline.latest_note.body).toBe(text);
    const stored = await queryRows(app.db, sql`SELECT body FROM idempotency_keys WHERE key IN (${key}, ${patchKey})`);
    const bodies = stored.map((row) => row.body as string);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(body).not.toContain('demo day');

    const again = await call('POST', `/${listId}/investors/7/notes`, owner, { body: ` ${text} ` }, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(added.json());
    expect((await call('PATCH', `/${listId}/investors/7`, owner, { stage: 'contacted' }, patchKey)).json()).toEqual(patched.json());

    expect((await call('DELETE', `/${listId}/investors/7/notes/${added.json().id}`, owner)).statusCode).toBe(204);
    const afterDelete = await call('POST', `/${listId}/investors/7/notes`, owner, { body: ` ${text} ` }, key);
    expect(afterDelete.json()).toMatchObject({ id: added.json().id, body: '' });
  });

  it('forgets a key after 24 hours', async () => {
    const listId = await newList(owner);
    const key = randomUUID();
    await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [6] }, key);
    await call('DELETE', `/${listId}/investors/6`, owner);
    await app.db.execute(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${key}`);
    const later = await call('POST', `/${listId}/investors/batch`, owner, { investor_ids: [6] }, key);
    expect(later.json()).toMatchObject({ added: [6] });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await itemIds(listId)).toEqual([6]);
  });
});

describe.each(testDatabases())('Idempotency-Key and refusals that are not final, on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof createVerifiedUser>>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: true }));
    owner = await createVerifiedUser(app);
  });
  afterAll(() => close());

  it('stores no 429: once the limit allows it, a replay with the key runs', async () => {
    // The user's list creations this hour, at the limit (rate-limit.ts keys its counters so).
    const counter = `list-create-user:${createHash('sha256').update(String(owner.user.id)).digest('base64url')}`;
    await app.db.execute(sql`INSERT INTO rate_limit_counters (key, hits, resets_at)
      VALUES (${counter}, ${LISTS_CREATED_PER_HOUR}, now() + interval '1 hour')`);
    const key = randomUUID();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/lists',
        headers: { ...owner.headers, 'idempotency-key': key },
        payload: { name: 'Later', description: '', list_type: 'investor' },
      });
    expect((await send()).statusCode).toBe(429);
    await app.db.execute(sql`DELETE FROM rate_limit_counters WHERE key = ${counter}`);
    const replayed = await send();
    expect(replayed.statusCode, replayed.body).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBeUndefined();
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(replayed.json());
  });
});
