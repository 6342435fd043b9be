// Per-query persistence to IndexedDB: every answer a query fetches is written to the offline store
// under the current user. A query with nothing in memory (a reload, a restart, or after the 30 min gc)
// that cannot reach the server shows the stored answer instead, and refreshes it once the network is
// back. Answers are kept for a week (OFFLINE_MAX_AGE_MS); the stale and gc times (10 and 30 minutes) keep governing
// the in-memory cache.
//
// Offline, a query that has nothing stored fails at once with NotAvailableOfflineError (the UI shows a
// 'not available offline' state) instead of waiting for the network.
import {
  experimental_createQueryPersister,
  type AsyncStorage,
  type PersistedQuery,
} from '@tanstack/react-query-persist-client';
import { notifyManager, onlineManager, type Query, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { offlineUserId } from '@/lib/offline-user';
import type { QueryClientOptions } from '@/lib/query-client';
import { OFFLINE_MAX_AGE_MS } from '@/shared/constants';
import type { OfflineDb, PersistedQueryRow } from '../db/offline-db';
import { loadOfflineDb, loadOfflineDbAfterFirstPaint } from '../db/offline-db-loader';

/** Bump when the shape of persisted answers changes; older entries are then discarded. */
const PERSIST_VERSION = '1';

/** A query that has never been fetched on this device cannot be answered while offline. */
export class NotAvailableOfflineError extends Error {
  constructor(override readonly cause: unknown) {
    super('This page is not available offline.');
    this.name = 'NotAvailableOfflineError';
  }
}

/**
 * Whether a failed load means "no saved copy and no network": a query never fetched on this device
 * while offline, or a call that got no answer at all while the browser is offline.
 */
export function isUnavailableOffline(error: unknown): boolean {
  if (error instanceof NotAvailableOfflineError) return true;
  return isNoAnswer(error) && typeof navigator !== 'undefined' && !navigator.onLine;
}

export interface OfflineQueryPersisterOptions {
  /** The store for reading an answer back (needed now: offline, the page waits for it). */
  loadDb?: () => Promise<OfflineDb>;
  /** The store for writing answers, which can wait; `loadDb` by default. */
  loadDbForWrites?: () => Promise<OfflineDb>;
  /** Whose store to read and write; null means nobody is logged in and nothing is persisted. */
  currentUserId?: () => number | null;
  maxAge?: number;
  isOnline?: () => boolean;
}

/** Stores an answer, unless its user is no longer the current one when it is written. */
type WriteAnswer = (row: PersistedQueryRow, stillCurrent: () => boolean) => Promise<void>;

/**
 * Answers are written together: those that arrive while the store is opened (a page's first load fetches a
 * dozen at once) or within one turn of the event loop go in one transaction: a transaction each cost a phone
 * a long task after the page's first render.
 */
function batchedWrites(loadDbForWrites: () => Promise<OfflineDb>): WriteAnswer {
  let waiting = new Map<string, { row: PersistedQueryRow; stillCurrent: () => boolean }>();
  let batch: Promise<void> | null = null;
  return (row, stillCurrent) => {
    waiting.set(JSON.stringify([row.userId, row.key]), { row, stillCurrent });
    batch ??= (async () => {
      const db = await loadDbForWrites().catch(() => null);
      // What waited goes in this batch; what arrives from now on starts the next one.
      const writes = [...waiting.values()];
      waiting = new Map();
      batch = null;
      // The user may have logged out while the writes waited.
      const rows = writes.filter((write) => write.stillCurrent()).map((write) => write.row);
      // Persistence is best effort: the answers are still in memory.
      if (db && rows.length > 0) await db.queries.bulkPut(rows).catch(() => undefined);
    })();
    return batch;
  };
}

/**
 * The store of one user. Writes are skipped once that user is no longer the current one, so an answer
 * arriving after a logout is never written back. Storage failures (quota, private mode) only lose
 * persistence, never a query.
 */
function userStorage(
  loadDb: () => Promise<OfflineDb>,
  writeAnswer: WriteAnswer,
  userId: number,
  currentUserId: () => number | null,
): AsyncStorage<string> {
  return {
    async getItem(key) {
      try {
        return (await (await loadDb()).queries.get([userId, key]))?.value;
      } catch {
        return undefined;
      }
    },
    async setItem(key, value) {
      if (currentUserId() !== userId) return;
      const savedAt = (JSON.parse(value) as PersistedQuery).state.dataUpdatedAt;
      await writeAnswer({ userId, key, value, savedAt }, () => currentUserId() === userId);
    },
    async removeItem(key) {
      try {
        await (await loadDb()).queries.delete([userId, key]);
      } catch {
        // Nothing to do: an entry that cannot be removed is dropped by the next gc.
      }
    },
  };
}

/** Keeps only what restoring needs: never a failed fetch's error object, which may not even serialize. */
function serialize(persisted: PersistedQuery): string {
  const { data, dataUpdatedAt, dataUpdateCount } = persisted.state;
  return JSON.stringify({
    ...persisted,
    state: {
      data,
      dataUpdatedAt,
      dataUpdateCount,
      error: null,
      errorUpdatedAt: 0,
      errorUpdateCount: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  });
}

/**
 * The two calls of TanStack's query persister this module makes. persist-client-core may come with
 * its own copy of query-core, whose Query class TypeScript then tells apart from react-query's by
 * its private fields alone; at run time they are the same object.
 */
interface QueryStore {
  /** The stored data of a query, or undefined; `onRestored` then gets the stored entry. */
  retrieveQuery<T>(queryHash: string, onRestored: (stored: PersistedQuery) => void): Promise<T | undefined>;
  persistQuery(query: Query): Promise<void>;
}

/** A call that got no answer at all: offline, or the connection failed. */
function isNoAnswer(error: unknown): boolean {
  return error instanceof FetchError ? error.status === undefined : error instanceof TypeError;
}

export function createOfflineQueryPersister({
  loadDb = loadOfflineDb,
  loadDbForWrites = loadDb,
  currentUserId = offlineUserId,
  maxAge = OFFLINE_MAX_AGE_MS,
  isOnline = () => onlineManager.isOnline(),
}: OfflineQueryPersisterOptions = {}) {
  const perUser = new Map<number, QueryStore>();
  const writeAnswer = batchedWrites(loadDbForWrites);

  function storeOf(userId: number): QueryStore {
    let store = perUser.get(userId);
    if (!store) {
      store = experimental_createQueryPersister<string>({
        storage: userStorage(loadDb, writeAnswer, userId, currentUserId),
        maxAge,
        buster: PERSIST_VERSION,
        prefix: 'query',
        serialize,
      }) as unknown as QueryStore;
      perUser.set(userId, store);
    }
    return store;
  }

  /** Shows a stored answer with the time it was fetched, or says there is none. */
  async function restore<T>(store: QueryStore, query: Query, cause: unknown): Promise<T> {
    const restored = await store.retrieveQuery<T>(query.queryHash, (stored) => {
      query.setState({ dataUpdatedAt: stored.state.dataUpdatedAt });
      // Refreshed once the network is back: the retry waits for it (networkMode 'offlineFirst').
      void query.fetch().catch(() => undefined);
    });
    if (restored === undefined) throw new NotAvailableOfflineError(cause);
    return restored;
  }

  /**
   * The `persister` query option. Online the network answers first, so the offline store is never on
   * a page's critical path; what it answers is stored. Without an answer — offline, or a connection
   * that fails — the stored answer is shown instead, if there is one.
   */
  async function persisterFn<T, TQueryKey extends QueryKey>(
    queryFn: (context: QueryFunctionContext<TQueryKey>) => T | Promise<T>,
    context: QueryFunctionContext<TQueryKey>,
    query: Query,
  ): Promise<T> {
    const userId = currentUserId();
    if (userId === null) return queryFn(context);
    const store = storeOf(userId);
    const shown = query.state.data !== undefined;
    if (!shown && !isOnline()) return restore<T>(store, query, 'offline');
    try {
      const data = await queryFn(context);
      // Scheduled, as TanStack's own persister does, so the query's state holds the new data by then.
      notifyManager.schedule(() => void store.persistQuery(query).catch(() => undefined));
      return data;
    } catch (error) {
      // A server's answer (an error status, an ended session) stands; so does data already shown.
      if (shown || !isNoAnswer(error)) throw error;
      return restore<T>(store, query, error);
    }
  }

  /** Drops every user's entries older than the max age. */
  async function removeExpired(now = Date.now()): Promise<number> {
    return (await loadDb()).queries.where('savedAt').below(now - maxAge).delete();
  }

  return { persisterFn, removeExpired };
}

export type OfflineQueryPersister = ReturnType<typeof createOfflineQueryPersister>;

/**
 * The app's persister, used as the default `persister` of its query client. It stores answers once the
 * page has painted: opening the database is no part of a page's first load online.
 */
export const offlineQueryPersister: OfflineQueryPersister = createOfflineQueryPersister({ loadDbForWrites: loadOfflineDbAfterFirstPaint });

/** What the app's query client takes from here: this persister, and no retry for a query nothing can answer offline. */
export const offlineQueryClientOptions: QueryClientOptions = {
  persister: offlineQueryPersister.persisterFn,
  isFinal: (error) => error instanceof NotAvailableOfflineError,
};
