// The per-query persister on a real IndexedDB implementation (fake-indexeddb) and a real QueryClient:
// answers survive the in-memory cache, stay with their user, expire after the offline max age, and a
// never-fetched query fails at once offline instead of waiting for the network.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { OfflineDb } from '../../src/features/offline/db/offline-db';
import { createOfflineQueryPersister, NotAvailableOfflineError } from '../../src/features/offline/persisters/query-persister';
import { OFFLINE_MAX_AGE_MS, STALE_TIME_MS } from '../../src/shared/constants';

let db: OfflineDb;
let userId: number | null;
let online: boolean;

/** What the browser and TanStack Query both believe about the network. */
function setOnline(value: boolean) {
  online = value;
  onlineManager.setOnline(value);
}

/** A query function that answers while online and fails as fetch does offline. */
function network<T>(answer: T) {
  return vi.fn(async () => {
    if (!online) throw new TypeError('Failed to fetch');
    return answer;
  });
}

const clients: QueryClient[] = [];

function makeClient() {
  const ownDb = db;
  const persister = createOfflineQueryPersister({ loadDb: async () => ownDb, currentUserId: () => userId, isOnline: () => online });
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        persister: persister.persisterFn,
        networkMode: 'offlineFirst',
        // As the app's: one more try for a failed connection, none when there is nothing to show offline.
        retry: (failures, error) => failures < 1 && !(error instanceof NotAvailableOfflineError),
        retryDelay: 10,
        staleTime: STALE_TIME_MS,
      },
    },
  });
  // As QueryClientProvider does: the client then follows the online state.
  client.mount();
  clients.push(client);
  return { client, persister };
}

/** Persisting is scheduled just after the fetch resolves; wait until the row is written. */
async function persistedCount(forUser: number, expected: number) {
  await vi.waitFor(async () => expect(await db.queries.where('userId').equals(forUser).count()).toBe(expected));
}

beforeEach(async () => {
  db = new OfflineDb(`persister-test-${crypto.randomUUID()}`);
  await db.open();
  userId = 7;
  setOnline(true);
});

afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.unmount();
    client.clear();
  }
  vi.useRealTimers();
  setOnline(true);
  await db.delete();
});

describe('offline query persister', () => {
  it('restores an answer into a fresh cache while offline, and keeps it when the refresh cannot run', async () => {
    const page = { results: [{ id: 1, firm_name: 'Acme Capital' }], total_pages: 1 };
    const fetcher = network(page);
    const key = ['investors', { page: 1, countries: ['France'] }];
    await makeClient().client.fetchQuery({ queryKey: key, queryFn: fetcher });
    await persistedCount(7, 1);

    setOnline(false);
    const second = makeClient().client;
    expect(await second.fetchQuery({ queryKey: key, queryFn: fetcher })).toEqual(page);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(second.getQueryData(key)).toEqual(page);
  });

  it('online, asks the network first and shows the stored answer only when no answer comes', async () => {
    await makeClient().client.fetchQuery({ queryKey: ['lists'], queryFn: network(['Seed']) });
    await persistedCount(7, 1);

    const fresh = network(['Seed', 'Climate']);
    expect(await makeClient().client.fetchQuery({ queryKey: ['lists'], queryFn: fresh })).toEqual(['Seed', 'Climate']);
    expect(fresh).toHaveBeenCalledOnce();
    await vi.waitFor(async () => expect((await db.queries.toArray())[0].value).toContain('Climate'));

    const connectionFails = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await makeClient().client.fetchQuery({ queryKey: ['lists'], queryFn: connectionFails })).toEqual(['Seed', 'Climate']);

    // A server's answer stands, even an error.
    const serverError = new Error('500 Internal Server Error');
    await expect(makeClient().client.fetchQuery({ queryKey: ['lists'], queryFn: () => Promise.reject(serverError) })).rejects.toBe(
      serverError,
    );
  });

  /** A persister whose store for writes opens when `open` is called, as the app's does after the first page. */
  function persisterOpenedLater() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const ownDb = db;
    const persister = createOfflineQueryPersister({
      loadDb: async () => ownDb,
      loadDbForWrites: () => opened.then(() => ownDb),
      currentUserId: () => userId,
      isOnline: () => online,
    });
    const client = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn } } });
    clients.push(client);
    const answer = (name: string) => client.fetchQuery({ queryKey: [name], queryFn: async () => `${name} of ${userId}` });
    return { open, answer };
  }

  it('writes the answers that arrive while the store opens in one transaction', async () => {
    const bulkPut = vi.spyOn(db.queries, 'bulkPut');
    const put = vi.spyOn(db.queries, 'put');
    const { open, answer } = persisterOpenedLater();
    for (const name of ['me', 'lists', 'startup']) await answer(name);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await db.queries.count()).toBe(0);

    open();
    await persistedCount(7, 3);
    expect(bulkPut).toHaveBeenCalledOnce();
    expect(put).not.toHaveBeenCalled();
    await answer('follow-ups');
    await persistedCount(7, 4);
  });

  it('drops the answers waiting for the store once their user has logged out', async () => {
    const { open, answer } = persisterOpenedLater();
    await answer('me');
    await answer('lists');
    userId = null;
    open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.queries.count()).toBe(0);
  });

  it('keeps each filter combination apart', async () => {
    const client = makeClient().client;
    await client.fetchQuery({ queryKey: ['funds', { page: 1 }], queryFn: async () => 'page one' });
    await client.fetchQuery({ queryKey: ['funds', { page: 2 }], queryFn: async () => 'page two' });
    await persistedCount(7, 2);

    setOnline(false);
    const offline = makeClient().client;
    await expect(offline.fetchQuery({ queryKey: ['funds', { page: 2 }], queryFn: async () => 'network' })).resolves.toBe(
      'page two',
    );
    await expect(
      offline.fetchQuery({ queryKey: ['funds', { page: 3 }], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toBeInstanceOf(NotAvailableOfflineError);
  });

  it('never shows one user the answers of another', async () => {
    await makeClient().client.fetchQuery({ queryKey: ['lists'], queryFn: async () => ['secret list of user 7'] });
    await persistedCount(7, 1);

    userId = 8;
    setOnline(false);
    const other = makeClient().client;
    await expect(
      other.fetchQuery({ queryKey: ['lists'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toBeInstanceOf(NotAvailableOfflineError);
    expect(await db.queries.where('userId').equals(8).count()).toBe(0);
  });

  it('does not persist while nobody is logged in, nor an answer that arrives after a logout', async () => {
    userId = null;
    await makeClient().client.fetchQuery({ queryKey: ['me'], queryFn: async () => 'anonymous' });

    userId = 7;
    let answer!: (value: string) => void;
    const late = makeClient().client.fetchQuery({ queryKey: ['me'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    userId = null;
    answer('user 7 data');
    await late;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.queries.count()).toBe(0);
  });

  it('discards answers older than the offline max age', async () => {
    await makeClient().client.fetchQuery({ queryKey: ['investor', 3], queryFn: async () => 'old detail' });
    await persistedCount(7, 1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + OFFLINE_MAX_AGE_MS + 60_000);
    setOnline(false);
    await expect(
      makeClient().client.fetchQuery({ queryKey: ['investor', 3], queryFn: () => Promise.reject(new TypeError('Failed to fetch')) }),
    ).rejects.toBeInstanceOf(NotAvailableOfflineError);
  });

  it('still restores an answer a day short of a week old offline, and refreshes it once online', async () => {
    await makeClient().client.fetchQuery({ queryKey: ['fund', 5], queryFn: network('from last week') });
    await persistedCount(7, 1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + OFFLINE_MAX_AGE_MS - 24 * 60 * 60 * 1000);
    setOnline(false);
    const client = makeClient().client;
    const fresh = network('from today');
    // As a mounted useQuery does: an observer.
    const observer = new QueryObserver(client, { queryKey: ['fund', 5], queryFn: fresh });
    const seen: unknown[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await vi.waitFor(() => expect(client.getQueryData(['fund', 5])).toBe('from last week'));
    // The refresh waits for the network instead of failing.
    await vi.waitFor(() => expect(client.getQueryState(['fund', 5])?.fetchStatus).toBe('paused'));
    expect(client.getQueryState(['fund', 5])?.status).toBe('success');

    setOnline(true);
    await vi.waitFor(() => expect(client.getQueryData(['fund', 5])).toBe('from today'));
    unsubscribe();
    expect(seen).toContain('from last week');
  });

  it('removeExpired drops old rows of every user', async () => {
    const now = Date.now();
    await db.queries.bulkPut([
      { userId: 1, key: 'query-a', value: '{}', savedAt: now - OFFLINE_MAX_AGE_MS - 1 },
      { userId: 2, key: 'query-b', value: '{}', savedAt: now - OFFLINE_MAX_AGE_MS - 1 },
      { userId: 2, key: 'query-c', value: '{}', savedAt: now },
    ]);
    expect(await makeClient().persister.removeExpired(now)).toBe(2);
    expect((await db.queries.toArray()).map((row) => row.key)).toEqual(['query-c']);
  });

  it('forgetUser removes one user’s answers and outbox, and nobody else’s', async () => {
    await db.queries.bulkPut([
      { userId: 7, key: 'query-a', value: '{}', savedAt: Date.now() },
      { userId: 8, key: 'query-a', value: '{}', savedAt: Date.now() },
    ]);
    const row = { listId: 1, listType: 'investor' as const, itemIds: [1], items: [], createdAt: 0, attempts: 0, lastError: null };
    await db.outbox.bulkAdd([
      { ...row, userId: 7, idempotencyKey: 'a' },
      { ...row, userId: 8, idempotencyKey: 'b' },
    ] as never);
    await db.forgetUser(7);
    expect((await db.queries.toArray()).map((r) => r.userId)).toEqual([8]);
    expect((await db.outbox.toArray()).map((r) => r.idempotencyKey)).toEqual(['b']);
  });
});
