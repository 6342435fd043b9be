// What keeps imports from stalling the server (issue 45): a body declared too large is refused before it is read,
// one preview or import at a time per account (on any instance) and two per instance, each refusal a 429 that
// changes nothing, not even the hourly count; and on PostgreSQL a statement of an import's that runs too long is
// cancelled. A request is held open mid-way through its body (the slot is taken before the body is read), through
// a listening server, as a slow upload would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/query-rows.js';
import { isStatementTimeout, withStatementTimeout } from '../../src/server/db/statement-timeout.js';
import { IMPORT_BODY_MAX_BYTES } from '../../src/shared/imports.js';
import { buildTestApp, twoInstancesOnPostgres } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, listWith } from '../helpers/pipeline.js';
import { createVerifiedUser } from '../helpers/users.js';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A POST whose headers and first half of its body are sent; finish() sends the rest. */
function sendHalf(app: FastifyInstance, path: string, headers: Record<string, string>, body: string, declared = Buffer.byteLength(body)) {
  const { port } = app.server.address() as AddressInfo;
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: `/api/v1${path}`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': declared },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return {
    answer,
    finish: () => request.end(body.slice(half)),
    abandon: () => request.destroy(),
  };
}

const rowsBody = (n = 3) => JSON.stringify({ rows: Array.from({ length: n }, (_, i) => ({ first_name: `Ada${i}`, last_name: 'Lovelace' })) });
const json = { 'content-type': 'application/json' };
const importBody = JSON.stringify({ file_name: 'a.csv', rows: [{ first_name: 'Ada', last_name: 'Lovelace', decision: { action: 'create' } }] });

describe.each(testDatabases())('import limits on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await close();
  });

  async function founder() {
    const { user, headers } = await createVerifiedUser(app);
    const call = caller(app, headers);
    return { id: user.id, headers, call, listId: await listWith(call, 'investor', [], 'Raise') };
  }

  const leases = async (userId: number) =>
    Number((await queryRows(app.db, sql`SELECT count(*)::int AS n FROM import_leases WHERE user_id = ${userId}`))[0].n);
  /** Every hourly count of previews and imports (the keys are hashed: all users' together). */
  const hourlyCounts = async () =>
    Number(
      (await queryRows(app.db, sql`SELECT coalesce(sum(hits), 0)::int AS n FROM rate_limit_counters WHERE key LIKE 'import-%'`))[0].n,
    );
  const listed = async (listId: number) =>
    Number((await queryRows(app.db, sql`SELECT count(*)::int AS n FROM list_investors WHERE list_id = ${listId}`))[0].n);

  it('refuses a body declared larger than the limit before reading it, and counts nothing', async () => {
    const ada = await founder();
    const counted = await hourlyCounts();
    // 100 MB declared, a few bytes sent: the answer comes at once, not after the body.
    const held = sendHalf(app, `/lists/${ada.listId}/imports/preview`, ada.headers, rowsBody(), 100 * 1024 * 1024);
    const answer = await held.answer;
    held.abandon();
    expect(answer.status).toBe(413);
    expect(answer.body.detail).toMatch(/at most 8 MB/);
    expect(await hourlyCounts()).toBe(counted);
    expect(await leases(ada.id)).toBe(0);
    // The slot it would have taken is free.
    const res = await ada.call('POST', `/lists/${ada.listId}/imports/preview`, rowsBody(), json);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a chunked body once it passes the limit, without waiting for its end', async () => {
    const ada = await founder();
    const { port } = app.server.address() as AddressInfo;
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: `/api/v1/lists/${ada.listId}/imports/preview`,
      method: 'POST',
      headers: { ...ada.headers, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    const status = new Promise<number>((resolve, reject) => {
      request.on('response', (res) => resolve(res.statusCode ?? 0));
      request.on('error', reject);
    });
    request.write(`{"rows":[{"first_name":"${'x'.repeat(IMPORT_BODY_MAX_BYTES)}`);
    expect(await status).toBe(413);
    request.destroy();
    await vi.waitFor(async () => expect(await leases(ada.id)).toBe(0));
  });

  it('answers a second preview or import of one account with a 429 while its first runs, and changes nothing', async () => {
    const ada = await founder();
    const other = await founder();
    const before = await hourlyCounts();
    const first = sendHalf(app, `/lists/${ada.listId}/imports/preview`, ada.headers, rowsBody());
    // Its slot, then its hourly count: two statements, which a pool may finish after this test's own reads.
    await vi.waitFor(async () => expect([await leases(ada.id), await hourlyCounts()]).toEqual([1, before + 1]));
    const counted = before + 1;

    const again = await ada.call('POST', `/lists/${ada.listId}/imports/preview`, rowsBody(), json);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toMatch(/Another spreadsheet of yours/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const landing = await ada.call('POST', `/lists/${ada.listId}/imports`, importBody, { ...json, 'idempotency-key': 'first-try' });
    expect(landing.statusCode).toBe(429);
    expect(await listed(ada.listId)).toBe(0);
    expect(await hourlyCounts()).toBe(counted);

    // Another account is not held back by it.
    expect((await other.call('POST', `/lists/${other.listId}/imports/preview`, rowsBody(), json)).statusCode).toBe(200);

    first.finish();
    expect((await first.answer).status).toBe(200);
    await vi.waitFor(async () => expect(await leases(ada.id)).toBe(0));
    // The refused import's key was not kept: sent again, it lands.
    const landed = await ada.call('POST', `/lists/${ada.listId}/imports`, importBody, { ...json, 'idempotency-key': 'first-try' });
    expect(landed.statusCode).toBe(201);
    expect(await listed(ada.listId)).toBe(1);
  });

  it('frees the slot of a refused preview before answering it: the corrected one sent at once is taken', async () => {
    const ada = await founder();
    for (let attempt = 0; attempt < 10; attempt++) {
      const refused = await ada.call('POST', `/lists/${ada.listId}/imports/preview`, JSON.stringify({ rows: 'all' }), json);
      expect(refused.statusCode).toBe(422);
      expect(await leases(ada.id)).toBe(0);
      const corrected = await ada.call('POST', `/lists/${ada.listId}/imports/preview`, rowsBody(), json);
      expect(corrected.statusCode).toBe(200);
    }
  });

  it('runs two previews at a time on an instance, and answers a third with a 429', async () => {
    const [ada, bob, cy] = [await founder(), await founder(), await founder()];
    const before = await hourlyCounts();
    const held = [ada, bob].map((f) => sendHalf(app, `/lists/${f.listId}/imports/preview`, f.headers, rowsBody()));
    await vi.waitFor(async () => expect([(await leases(ada.id)) + (await leases(bob.id)), await hourlyCounts()]).toEqual([2, before + 2]));
    const counted = before + 2;

    const third = await cy.call('POST', `/lists/${cy.listId}/imports/preview`, rowsBody(), json);
    expect(third.statusCode).toBe(429);
    expect(third.json().detail).toMatch(/busy with other spreadsheets/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(await leases(cy.id)).toBe(0);
    expect(await hourlyCounts()).toBe(counted);

    // A request abandoned mid-body gives its slot back.
    held[0].abandon();
    await held[0].answer.catch(() => undefined);
    await vi.waitFor(async () => expect(await leases(ada.id)).toBe(0));
    expect((await cy.call('POST', `/lists/${cy.listId}/imports/preview`, rowsBody(), json)).statusCode).toBe(200);
    held[1].finish();
    expect((await held[1].answer).status).toBe(200);
  });

  it.runIf(kind.name === 'postgres')('cancels a statement that runs past its timeout (PostgreSQL)', async () => {
    const slow = withStatementTimeout(app.db, 50, (db) => db.execute(sql`SELECT pg_sleep(2)`));
    const error = await slow.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isStatementTimeout(error)).toBe(true);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('import limits across instances', () => {
  let instances: Awaited<ReturnType<typeof twoInstancesOnPostgres>>;
  beforeAll(async () => {
    instances = await twoInstancesOnPostgres(process.env.TEST_DATABASE_URL!);
    await instances.a.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await instances.close();
  });

  it("holds an account's one preview at a time on every instance", async () => {
    const { a, b } = instances;
    const { headers } = await createVerifiedUser(a.app);
    const listId = await listWith(caller(a.app, headers), 'investor', [], 'Raise');
    const first = sendHalf(a.app, `/lists/${listId}/imports/preview`, headers, rowsBody());
    await vi.waitFor(async () =>
      expect((await queryRows(b.app.db, sql`SELECT count(*)::int AS n FROM import_leases`))[0].n).toBe(1),
    );
    const elsewhere = await caller(b.app, headers)('POST', `/lists/${listId}/imports/preview`, rowsBody(), json);
    expect(elsewhere.statusCode).toBe(429);
    first.finish();
    expect((await first.answer).status).toBe(200);
    await vi.waitFor(async () => {
      expect((await caller(b.app, headers)('POST', `/lists/${listId}/imports/preview`, rowsBody(), json)).statusCode).toBe(200);
    });
  });
});
