// Saved searches' calls and refusals (README, "Saved searches"; shared/saved-searches.ts): each answer
// carries new_count and last_seen_at, another user's saved search is a 404, names are unique per user and
// kind whatever their case, at most 100 per user even when created at once, and a client-chosen id or an
// Idempotency-Key makes a replayed create land once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { savedSearches } from '../../src/server/db/schema.js';
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_PATH } from '../../src/shared/saved-searches.js';
import { STARTUP_PATH } from '../../src/shared/api-paths.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { caller, type Call } from '../helpers/pipeline.js';
import { SAMPLE_STARTUP } from '../helpers/startup-profile.js';
import { createVerifiedUser } from '../helpers/users.js';

const PATH = SAVED_SEARCHES_PATH.replace('/api/v1', '');
const SEED_IN_GERMANY = { countries: ['Germany'], stages: ['Seed'] };

describe.each(testDatabases())('saved searches on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let owner: Call;
  let stranger: Call;

  beforeAll(async () => {
    ({ app, close } = await buildTestApp(kind, { rateLimit: false }));
    owner = caller(app, (await createVerifiedUser(app)).headers);
    stranger = caller(app, (await createVerifiedUser(app)).headers);
  });
  afterAll(() => close());

  async function create(call: Call, body: Record<string, unknown>) {
    const res = await call('POST', PATH, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string; new_count: number; last_seen_at: string };
  }

  it('needs a valid access token on every call', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', PATH],
      ['POST', PATH],
      ['PATCH', `${PATH}/${id}`],
      ['DELETE', `${PATH}/${id}`],
      ['GET', `${PATH}/${id}/new`],
      ['POST', `${PATH}/${id}/seen`],
    ] as const) {
      const res = await caller(app, {})(method, url, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().detail).toEqual(expect.any(String));
    }
  });

  it('saves a search, trimmed and as its search takes it, and answers it with new_count and last_seen_at', async () => {
    const res = await owner('POST', PATH, {
      name: '  Seed in Germany ',
      kind: 'investors',
      query: { countries: 'Germany', stages: ['Seed'], search_term: 'capital' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      name: 'Seed in Germany',
      kind: 'investors',
      // One value of a list filter is a list of one, as the search reads it from a URL.
      query: { countries: ['Germany'], stages: ['Seed'], search_term: 'capital' },
      alert: 'weekly',
      new_count: 0,
      last_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      created_at: saved.last_seen_at,
    });
    const list = await owner('GET', PATH);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([saved]);
    expect((await stranger('GET', PATH)).json()).toEqual([]);
  });

  it('lists them oldest first', async () => {
    const later = await create(owner, { name: 'Funds with partners', kind: 'funds', query: { search_term: 'partners' }, alert: 'daily' });
    const names = (await owner('GET', PATH)).json().map((s: { name: string }) => s.name);
    expect(names).toEqual(['Seed in Germany', 'Funds with partners']);
    expect(later).toMatchObject({ kind: 'funds', alert: 'daily', query: { search_term: 'partners' } });
  });

  it.each([
    [{ kind: 'investors', query: {} }, SAVED_SEARCH_MESSAGES.nameRequired],
    [{ name: '   ', kind: 'investors', query: {} }, SAVED_SEARCH_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), kind: 'investors', query: {} }, SAVED_SEARCH_MESSAGES.nameTooLong],
    [{ name: 'x', query: {} }, "body: 'kind' is required"],
    [{ name: 'x', kind: 'lists', query: {} }, "body 'kind' must be equal to one of the allowed values"],
    [{ name: 'x', kind: 'investors' }, "body: 'query' is required"],
    [{ name: 'x', kind: 'investors', query: {}, alert: 'hourly' }, "body 'alert' must be equal to one of the allowed values"],
    [{ name: 'x', kind: 'investors', query: { page: 2 } }, "body 'query': unknown field 'page'"],
    [{ name: 'x', kind: 'investors', query: { per_page: 50 } }, "body 'query': unknown field 'per_page'"],
    [{ name: 'x', kind: 'funds', query: { gender: 'Female' } }, "body 'query': unknown field 'gender'"],
    [{ name: 'x', kind: 'investors', query: { stages: ['Pre-Seed'] } }, "body 'query.stages.0' must be equal to one of the allowed values"],
    [{ name: 'x', kind: 'investors', query: { min_investment: '1-2' } }, "body 'query.min_investment.0' must be equal to one of the allowed values"],
    [{ name: 'x', kind: 'investors', query: { min_fit: 101 } }, "body 'query.min_fit' must be <= 100"],
    [{ name: 'x', kind: 'investors', query: { sort: 'name' } }, "body 'query.sort' must be equal to one of the allowed values"],
    [{ name: 'x', kind: 'investors', query: { sort: 'fit' } }, 'Set up your startup profile (PUT /api/v1/startup) to sort or filter by fit'],
    [{ name: 'x', kind: 'investors', query: { min_fit: 50 } }, 'Set up your startup profile (PUT /api/v1/startup) to sort or filter by fit'],
    [{ name: 'x', kind: 'investors', query: { stages: { $ne: 1 } } }, expect.stringMatching(/^body 'query\.stages' /)],
    [{ name: 'x', kind: 'investors', query: {}, owner: 1 }, "body: unknown field 'owner'"],
    [{ id: '1', name: 'x', kind: 'investors', query: {} }, expect.stringMatching(/^body 'id' must /)],
    [{ id: `urn:uuid:${randomUUID()}`, name: 'x', kind: 'investors', query: {} }, expect.stringMatching(/^body 'id' must /)],
  ])('refuses %j with a 422 saying why', async (body, detail) => {
    const res = await stranger('POST', PATH, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ detail });
  });

  it('takes 100 characters of name, and sort=fit and min_fit once there is a startup profile', async () => {
    const user = caller(app, (await createVerifiedUser(app)).headers);
    await create(user, { name: 'y'.repeat(100), kind: 'investors', query: {} });
    expect((await user('PUT', STARTUP_PATH, SAMPLE_STARTUP)).statusCode).toBe(200);
    const byFit = await create(user, { name: 'Good fits', kind: 'investors', query: { sort: 'fit', min_fit: '70' } });
    expect(byFit).toMatchObject({ query: { sort: 'fit', min_fit: 70 }, new_count: 0 });
  });

  it('keeps names unique per user and kind, whatever their case', async () => {
    const taken = await owner('POST', PATH, { name: 'SEED IN GERMANY', kind: 'investors', query: {} });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ detail: SAVED_SEARCH_MESSAGES.nameTaken });
    // The same name for funds, or for another founder, is another search.
    await create(owner, { name: 'Seed in Germany', kind: 'funds', query: {} });
    await create(stranger, { name: 'Seed in Germany', kind: 'investors', query: {} });

    const other = await create(owner, { name: 'Berlin', kind: 'investors', query: { cities: 'Berlin' } });
    const rename = await owner('PATCH', `${PATH}/${other.id}`, { name: 'seed in germany' });
    expect(rename.statusCode).toBe(422);
    expect(rename.json()).toEqual({ detail: SAVED_SEARCH_MESSAGES.nameTaken });
    // Its own name in another case is no clash.
    const recased = await owner('PATCH', `${PATH}/${other.id}`, { name: ' BERLIN ' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json()).toMatchObject({ name: 'BERLIN', query: { cities: ['Berlin'] } });
  });

  it('changes the name, query and alert, validating each, and needs one of them', async () => {
    const saved = await create(owner, { name: 'To change', kind: 'funds', query: {} });
    const changed = await owner('PATCH', `${PATH}/${saved.id}`, { query: { stages: 'Seed', gender_ratio: ['40-60'] }, alert: 'off' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      id: saved.id,
      name: 'To change',
      kind: 'funds',
      query: { stages: ['Seed'], gender_ratio: ['40-60'] },
      alert: 'off',
      new_count: 0,
      last_seen_at: saved.last_seen_at,
    });
    for (const [body, detail] of [
      [{}, 'Send at least one of name, query and alert'],
      [{ name: '' }, SAVED_SEARCH_MESSAGES.nameRequired],
      [{ query: { gender: 'Female' } }, "body 'query': unknown field 'gender'"],
      [{ query: { min_fit: 70 } }, 'Set up your startup profile (PUT /api/v1/startup) to sort or filter by fit'],
      [{ alert: 'monthly' }, "body 'alert' must be equal to one of the allowed values"],
      [{ kind: 'investors' }, "body: unknown field 'kind'"],
    ] as const) {
      const res = await owner('PATCH', `${PATH}/${saved.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ detail });
    }
  });

  it("answers 404 for another user's saved search, and for one that does not exist, on every call", async () => {
    const mine = await create(owner, { name: 'Mine', kind: 'investors', query: {} });
    for (const id of [mine.id, randomUUID()]) {
      for (const [method, url, body] of [
        ['PATCH', `${PATH}/${id}`, { name: 'Taken over' }],
        ['DELETE', `${PATH}/${id}`, undefined],
        ['GET', `${PATH}/${id}/new`, undefined],
        ['POST', `${PATH}/${id}/seen`, undefined],
      ] as const) {
        const res = await stranger(method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ detail: SAVED_SEARCH_MESSAGES.notFound });
      }
    }
    expect((await owner('GET', PATH)).json().find((s: { id: string }) => s.id === mine.id)).toMatchObject({ name: 'Mine' });
    const notAnId = await owner('GET', `${PATH}/42/new`);
    expect(notAnId.statusCode).toBe(422);
  });

  it('deletes, once', async () => {
    const saved = await create(owner, { name: 'Short-lived', kind: 'investors', query: {} });
    const res = await owner('DELETE', `${PATH}/${saved.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await owner('GET', PATH)).json().map((s: { id: string }) => s.id)).not.toContain(saved.id);
    expect((await owner('DELETE', `${PATH}/${saved.id}`)).statusCode).toBe(404);
  });

  it("creates under the client's id once, however often it is sent, and says no more than 409 about an id in use", async () => {
    const id = randomUUID();
    const body = { id, name: 'Chosen id', kind: 'investors', query: SEED_IN_GERMANY, alert: 'daily' };
    const first = await create(owner, body);
    expect(first.id).toBe(id);
    // The outbox replays it (its answer was lost): the same answer, nothing created.
    const again = await create(owner, { ...body, query: { stages: 'Seed', countries: 'Germany' } });
    expect(again).toEqual(first);
    expect(await app.db.select().from(savedSearches).where(eq(savedSearches.id, id))).toHaveLength(1);

    const changed = await owner('POST', PATH, { ...body, name: 'Another name' });
    const someoneElse = await stranger('POST', PATH, { ...body, name: 'Their own' });
    for (const res of [changed, someoneElse]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'A saved search with this id already exists; create it under another id' });
    }
    expect((await stranger('GET', PATH)).json().map((s: { id: string }) => s.id)).not.toContain(id);
  });

  it('answers a replayed Idempotency-Key with the first answer and changes nothing twice', async () => {
    const key = { 'idempotency-key': `create-${randomUUID()}` };
    const body = { name: 'Queued offline', kind: 'funds', query: { search_term: 'north' } };
    const first = await owner('POST', PATH, body, key);
    const replay = await owner('POST', PATH, body, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const named = (await owner('GET', PATH)).json().filter((s: { name: string }) => s.name === 'Queued offline');
    expect(named).toHaveLength(1);

    const id = first.json().id as string;
    const renameKey = { 'idempotency-key': `rename-${randomUUID()}` };
    expect((await owner('PATCH', `${PATH}/${id}`, { name: 'Renamed offline' }, renameKey)).statusCode).toBe(200);
    expect((await owner('PATCH', `${PATH}/${id}`, { name: 'Renamed later' })).statusCode).toBe(200);
    // The replayed rename answers as it did and does not undo the later one.
    const replayedRename = await owner('PATCH', `${PATH}/${id}`, { name: 'Renamed offline' }, renameKey);
    expect(replayedRename.json().name).toBe('Renamed offline');
    expect(replayedRename.headers['idempotent-replayed']).toBe('true');
    expect((await owner('GET', PATH)).json().find((s: { id: string }) => s.id === id).name).toBe('Renamed later');

    const deleteKey = { 'idempotency-key': `delete-${randomUUID()}` };
    expect((await owner('DELETE', `${PATH}/${id}`, undefined, deleteKey)).statusCode).toBe(204);
    const replayedDelete = await owner('DELETE', `${PATH}/${id}`, undefined, deleteKey);
    expect(replayedDelete.statusCode).toBe(204);
    expect(replayedDelete.headers['idempotent-replayed']).toBe('true');
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} per user, also when they are created at once`, async () => {
    const { headers, user } = await createVerifiedUser(app);
    const user100 = caller(app, headers);
    await app.db.insert(savedSearches).values(
      Array.from({ length: MAX_SAVED_SEARCHES - 3 }, (_, k) => ({ user_id: user.id, name: `Search ${k}`, kind: 'investors' as const, query: {} })),
    );
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, k) => user100('POST', PATH, { name: `At once ${k}`, kind: 'funds', query: {} })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    for (const res of results.filter((r) => r.statusCode === 422)) {
      expect(res.json()).toEqual({ detail: SAVED_SEARCH_MESSAGES.tooMany });
    }
    expect((await user100('GET', PATH)).json()).toHaveLength(MAX_SAVED_SEARCHES);
    // Deleting one makes room for one.
    const one = (await user100('GET', PATH)).json()[0].id;
    expect((await user100('DELETE', `${PATH}/${one}`)).statusCode).toBe(204);
    await create(user100, { name: 'Room again', kind: 'investors', query: {} });
  });
});
