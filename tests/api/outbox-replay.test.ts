// The outbox replayer against the real server over HTTP: the app's own API client and session, a
// real IndexedDB implementation (fake-indexeddb), and a network that can be cut — before a request
// leaves, or after the server handled it but before its answer arrives. Each addition must land
// exactly once, in order, and none may be lost.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../../src/lib/api-client.js';
import { OfflineDb } from '../../src/features/offline/db/offline-db.js';
import { offlineUserId } from '../../src/lib/offline-user.js';
import { pendingRows, sendOutboxRow } from '../../src/features/offline/outbox/outbox.js';
import { additionEntry, type AdditionPayload } from '../../src/features/lists/api/list-outbox.js';
import { createOutboxReplayer, type OutboxEvent } from '../../src/features/offline/outbox/outbox-replayer.js';
import { createSession, type Session } from '../../src/lib/session.js';
import type { Fund, Investor, Paged } from '../../src/shared/api-types.js';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.js';
import { signAccessToken } from '../../src/server/modules/auth/access-token.js';
import { startSession } from '../../src/server/modules/auth/sessions.js';
import { buildTestApp } from '../helpers/app.js';
import { testDatabases } from '../helpers/database.js';
import { createVerifiedUser } from '../helpers/users.js';

/** The browser's localStorage, which the session keeps its tokens in. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value));
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

type NetworkMode = 'up' | 'down' | 'lose-answers';

interface ServedRequest {
  method: string;
  url: string;
  idempotencyKey: string | null;
  /** Whether the server answered it from the Idempotency-Key's first answer instead of doing it again. */
  replayed: boolean;
}

/**
 * fetch through a network that may be down, or may lose the answers of requests the server handled.
 * It records every request that reached the server, with whether the server replayed it.
 */
function createNetwork() {
  const network = {
    mode: 'up' as NetworkMode,
    requests: [] as ServedRequest[],
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      if (network.mode === 'down') throw new TypeError('fetch failed');
      const request = new Request(input, init);
      const idempotencyKey = request.headers.get('idempotency-key');
      const response = await globalThis.fetch(request);
      const replayed = response.headers.get('idempotent-replayed') === 'true';
      network.requests.push({ method: request.method, url: request.url, idempotencyKey, replayed });
      if (network.mode === 'lose-answers') {
        await response.arrayBuffer();
        throw new TypeError('fetch failed: the connection was reset');
      }
      return response;
    },
  };
  return network;
}

describe.each(testDatabases())('outbox replay on $name', (kind) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let baseUrl: string;
  let investors: Investor[];
  let funds: Fund[];

  beforeAll(async () => {
    const built = await buildTestApp(kind, { rateLimit: false });
    // Only after PGlite started: it takes a global `window` for a browser.
    (globalThis as { window?: unknown }).window = { localStorage: new MemoryStorage(), addEventListener() {} };
    app = built.app;
    close = built.close;
    await seedCatalogue(app.db, { investors: 30, funds: 10 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const admin = await createVerifiedUser(app);
    const page = (path: string) => app.inject({ url: path, headers: admin.headers }).then((res) => res.json());
    investors = ((await page('/api/v1/investors/search?page=1&per_page=15')) as Paged<Investor>).results;
    funds = ((await page('/api/v1/funds/search?page=1&per_page=5')) as Paged<Fund>).results;
  });

  afterAll(async () => {
    delete (globalThis as { window?: unknown }).window;
    await close?.();
  });

  let db: OfflineDb;
  let session: Session;
  let network: ReturnType<typeof createNetwork>;
  let events: OutboxEvent[];

  beforeEach(async () => {
    db = new OfflineDb(`outbox-test-${crypto.randomUUID()}`);
    await db.open();
    (globalThis as unknown as { window: { localStorage: MemoryStorage } }).window.localStorage = new MemoryStorage();
    session = createSession();
    network = createNetwork();
    events = [];
  });

  afterEach(async () => {
    await db.delete();
  });

  function replayerFor(currentSession: Session) {
    const client = createApiClient({ session: currentSession, baseURL: `${baseUrl}/api/v1`, fetch: network.fetch });
    const replayer = createOutboxReplayer({
      loadDb: async () => db,
      send: (row) => sendOutboxRow(client, row),
      currentUserId: () => offlineUserId(currentSession),
      isOnline: () => network.mode !== 'down',
      retryDelay: () => 60_000,
    });
    replayer.subscribe((event) => events.push(event));
    return replayer;
  }

  /** A verified user, logged in on this "device" with real tokens, and an empty list of theirs. */
  async function loggedInUserWithList(listType: 'investor' | 'fund' = 'investor') {
    const user = await createVerifiedUser(app);
    const tokens = await startSession(app.db, app.config.jwtSecret, user.user.id);
    session.logIn(tokens);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: user.headers,
      payload: { name: `Targets ${user.user.id}`, description: '', list_type: listType },
    });
    expect(created.statusCode).toBe(201);
    return { ...user, tokens, listId: (created.json() as { id: number }).id };
  }

  async function serverItemIds(headers: Record<string, string>, listId: number): Promise<number[]> {
    const res = await app.inject({ url: `/api/v1/lists/${listId}/items`, headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as Array<{ id: number }>).map((item) => item.id).sort((a, b) => a - b);
  }

  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  /** The additions that reached the server: the batch calls, in the order it received them. */
  const batchCalls = () => network.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/batch'));

  it('queues additions while offline and sends each exactly once, in order, when back online', async () => {
    const user = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'down';
    const batches = [investors.slice(0, 2), investors.slice(2, 3), investors.slice(3, 6)];
    for (const items of batches) {
      expect(await replayer.add(additionEntry(user.listId, 'investor', items))).toBe('queued');
    }
    expect(await pendingRows(db, user.user.id)).toHaveLength(3);
    expect(await serverItemIds(user.headers, user.listId)).toEqual([]);

    network.mode = 'up';
    const result = await replayer.drain();
    expect(result).toEqual({ sent: 3, rejected: 0, stopped: 'empty' });
    expect(await pendingRows(db, user.user.id)).toEqual([]);
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(investors.slice(0, 6).map((i) => i.id)));
    // Each queued addition reached the server once, with a key of its own: nothing was sent twice and
    // left to the server to dedupe.
    const calls = batchCalls();
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((r) => r.idempotencyKey)).size).toBe(3);
    expect(calls.every((r) => !r.replayed)).toBe(true);
    expect(events.map((e) => e.type === 'synced' && e.replayed)).toEqual([true, true, true]);
    expect(events.map((e) => (e.row.payload as AdditionPayload).items.map((i) => i.id))).toEqual(batches.map((items) => items.map((i) => i.id)));
  });

  it('sends an addition made online right away', async () => {
    const user = await loggedInUserWithList('fund');
    const replayer = replayerFor(session);
    expect(await replayer.add(additionEntry(user.listId, 'fund', funds.slice(0, 2)))).toBe('synced');
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(funds.slice(0, 2).map((f) => f.id)));
    expect(events).toMatchObject([{ type: 'synced', replayed: false }]);
  });

  it('resends with the same idempotency key when an answer was lost, adding nothing twice', async () => {
    const user = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'lose-answers';
    expect(await replayer.add(additionEntry(user.listId, 'investor', investors.slice(6, 8)))).toBe('queued');
    // The server did add them; the client cannot know, so the row stays.
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(investors.slice(6, 8).map((i) => i.id)));
    const [kept] = await pendingRows(db, user.user.id);
    expect(kept).toMatchObject({ attempts: 1, lastError: expect.stringContaining('fetch failed') });

    network.mode = 'up';
    expect(await replayer.drain()).toMatchObject({ sent: 1, stopped: 'empty' });
    // The resend reached the server with the first one's key and was answered from it, not done again.
    const posts = batchCalls();
    expect(posts).toHaveLength(2);
    expect(posts[0].idempotencyKey).toBe(posts[1].idempotencyKey);
    expect(posts.map((r) => r.replayed)).toEqual([false, true]);
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(investors.slice(6, 8).map((i) => i.id)));
    const summary = await app.inject({ url: `/api/v1/lists/${user.listId}`, headers: user.headers });
    expect(summary.json()).toMatchObject({ item_count: 2 });
  });

  it('refreshes an access token that expired while offline before the replay lands', async () => {
    const user = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'down';
    await replayer.add(additionEntry(user.listId, 'investor', investors.slice(8, 9)));
    const expired = await signAccessToken(app.config.jwtSecret, user.user.id, Date.now() - 20 * 60 * 1000);
    session.storeTokens({ access_token: expired, refresh_token: user.tokens.refresh_token });

    network.mode = 'up';
    expect(await replayer.drain()).toMatchObject({ sent: 1, stopped: 'empty' });
    const calls = network.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(calls).toEqual([
      `POST /api/v1/lists/${user.listId}/investors/batch`,
      'POST /api/v1/auth/refresh',
      `POST /api/v1/lists/${user.listId}/investors/batch`,
    ]);
    expect(session.getAccessToken()).not.toBe(expired);
    expect(session.getRefreshToken()).not.toBe(user.tokens.refresh_token);
    expect(await serverItemIds(user.headers, user.listId)).toEqual([investors[8].id]);
  });

  it('keeps the queue when the refresh fails, for the same user’s next login', async () => {
    const user = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'down';
    await replayer.add(additionEntry(user.listId, 'investor', investors.slice(9, 11)));
    const expired = await signAccessToken(app.config.jwtSecret, user.user.id, Date.now() - 20 * 60 * 1000);
    session.storeTokens({ access_token: expired, refresh_token: 'a-refresh-token-the-server-never-issued' });

    network.mode = 'up';
    expect(await replayer.drain()).toMatchObject({ sent: 0, stopped: 'session-ended' });
    expect(session.isLoggedIn()).toBe(false);
    expect(await pendingRows(db, user.user.id)).toHaveLength(1);
    expect(await replayer.drain()).toMatchObject({ stopped: 'logged-out' });

    session.logIn(await startSession(app.db, app.config.jwtSecret, user.user.id));
    expect(await replayer.drain()).toMatchObject({ sent: 1, stopped: 'empty' });
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(investors.slice(9, 11).map((i) => i.id)));
  });

  it('never sends one user’s queue with another user’s session', async () => {
    const first = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'down';
    await replayer.add(additionEntry(first.listId, 'investor', investors.slice(11, 12)));
    session.logOut('expired');

    const second = await loggedInUserWithList();
    network.mode = 'up';
    expect(await replayer.drain()).toMatchObject({ sent: 0, stopped: 'empty' });
    expect(network.requests).toEqual([]);
    expect(await pendingRows(db, first.user.id)).toHaveLength(1);
    expect(await serverItemIds(second.headers, second.listId)).toEqual([]);
  });

  it('drops an addition the server refuses for good and says why', async () => {
    const user = await loggedInUserWithList();
    const replayer = replayerFor(session);
    network.mode = 'down';
    await replayer.add(additionEntry(user.listId, 'investor', investors.slice(12, 13)));
    await replayer.add(additionEntry(user.listId + 10_000, 'investor', investors.slice(13, 14)));
    await replayer.add(additionEntry(user.listId, 'investor', investors.slice(14, 15)));

    network.mode = 'up';
    expect(await replayer.drain()).toEqual({ sent: 2, rejected: 1, stopped: 'empty' });
    expect(batchCalls()).toHaveLength(3);
    const rejected = events.find((event) => event.type === 'rejected');
    expect(rejected).toMatchObject({ row: { payload: { listId: user.listId + 10_000 } }, message: expect.stringMatching(/not found/i) });
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted([investors[12].id, investors[14].id]));
    expect(await pendingRows(db, user.user.id)).toEqual([]);
  });

  it('two replayers draining one outbox at once still add each row once', async () => {
    const user = await loggedInUserWithList('fund');
    const tabA = replayerFor(session);
    const tabB = replayerFor(session);
    network.mode = 'down';
    await tabA.add(additionEntry(user.listId, 'fund', funds.slice(0, 1)));
    await tabB.add(additionEntry(user.listId, 'fund', funds.slice(1, 3)));

    network.mode = 'up';
    await Promise.all([tabA.drain(), tabB.drain()]);
    expect(await pendingRows(db, user.user.id)).toEqual([]);
    // Without a Web Lock both tabs may send a row; its key makes the server do it once and answer any
    // other arrival from the first answer. Counted per key: done once, every repeat a replay.
    const calls = batchCalls();
    const keys = new Set(calls.map((r) => r.idempotencyKey));
    expect(keys.size).toBe(2);
    for (const key of keys) {
      const arrivals = calls.filter((r) => r.idempotencyKey === key);
      expect(arrivals.map((r) => r.replayed)).toEqual([false, ...arrivals.slice(1).map(() => true)]);
    }
    expect(await serverItemIds(user.headers, user.listId)).toEqual(sorted(funds.slice(0, 3).map((f) => f.id)));
    const summary = await app.inject({ url: `/api/v1/lists/${user.listId}`, headers: user.headers });
    expect(summary.json()).toMatchObject({ item_count: 3 });
  });
});
