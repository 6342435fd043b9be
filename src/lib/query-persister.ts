// Per-query persistence to IndexedDB: every answer a query fetches is written to the offline store
// under the current user, and a query with nothing in memory (a reload, a restart, or after the 30 min
// gc) shows it from there at once, then refreshes it when there is a network. Answers are kept for a
// week (OFFLINE_MAX_AGE_MS); SPEC §9's stale and gc times keep governing the in-memory cache.
//
// Offline, a query that has nothing stored fails at once with NotAvailableOfflineError (the UI shows a
// 'not available offline' state) instead of waiting for the network.
import {
  experimental_createQueryPersister,
  type AsyncStorage,
  type PersistedQuery,
} from '@tanstack/query-persist-client-core';
import { notifyManager, onlineManager, type Query, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { FetchError } from 'ofetch';
import { OFFLINE_MAX_AGE_MS } from '@/shared/constants';
import type { OfflineDb } from './offline-db';
import { loadOfflineDb } from './offline-db-loader';
import { offlineUserId } from './offline-user';

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
  const noAnswer = error instanceof FetchError ? error.status === undefined : error instanceof TypeError;
  return noAnswer && typeof navigator !== 'undefined' && !navigator.onLine;
}

export interface OfflineQueryPersisterOptions {
  loadDb?: () => Promise<OfflineDb>;
  /** Whose store to read and write; null means nobody is logged in and nothing is persisted. */
  currentUserId?: () => number | null;
  maxAge?: number;
  isOnline?: () => boolean;
}

/**
 * The store of one user. Writes are skipped once that user is no longer the current one, so an answer
 * arriving after a logout is never written back. Storage failures (quota, private mode) only lose
 * persistence, never a query.
 */
function userStorage(loadDb: () => Promise<OfflineDb>, userId: number, currentUserId: () => number | null): AsyncStorage<string> {
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
      try {
        await (await loadDb()).queries.put({ userId, key, value, savedAt });
      } catch {
        // Persistence is best effort: the answer is still in memory.
      }
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

export function createOfflineQueryPersister({
  loadDb = loadOfflineDb,
  currentUserId = offlineUserId,
  maxAge = OFFLINE_MAX_AGE_MS,
  isOnline = () => onlineManager.isOnline(),
}: OfflineQueryPersisterOptions = {}) {
  const perUser = new Map<number, ReturnType<typeof experimental_createQueryPersister<string>>>();

  function persisterOf(userId: number) {
    let persister = perUser.get(userId);
    if (!persister) {
      persister = experimental_createQueryPersister<string>({
        storage: userStorage(loadDb, userId, currentUserId),
        maxAge,
        buster: PERSIST_VERSION,
        prefix: 'query',
        serialize,
        refetchOnRestore: false,
      });
      perUser.set(userId, persister);
    }
    return persister;
  }

  /** The `persister` query option. */
  async function persisterFn<T, TQueryKey extends QueryKey>(
    queryFn: (context: QueryFunctionContext<TQueryKey>) => T | Promise<T>,
    context: QueryFunctionContext<TQueryKey>,
    query: Query,
  ): Promise<T> {
    const userId = currentUserId();
    if (userId === null) return queryFn(context);
    let fetched = false;
    const fetching = (ctx: QueryFunctionContext<TQueryKey>) => {
      fetched = true;
      return queryFn(ctx);
    };
    try {
      const data = await persisterOf(userId).persisterFn(fetching, context, query);
      // A restored answer is shown at once and refreshed behind it: it may come from an earlier visit,
      // so SPEC §9's ten fresh minutes of an in-memory answer do not apply. Offline the refresh waits
      // for the network; if it fails, the query keeps the answer and records the error.
      if (!fetched) notifyManager.schedule(() => void query.fetch().catch(() => undefined));
      return data;
    } catch (error) {
      if (query.state.data === undefined && !isOnline()) throw new NotAvailableOfflineError(error);
      throw error;
    }
  }

  /** Drops every user's entries older than the max age. */
  async function removeExpired(now = Date.now()): Promise<number> {
    return (await loadDb()).queries.where('savedAt').below(now - maxAge).delete();
  }

  return { persisterFn, removeExpired };
}

export type OfflineQueryPersister = ReturnType<typeof createOfflineQueryPersister>;

/** The app's persister, used as the default `persister` of its query client. */
export const offlineQueryPersister: OfflineQueryPersister = createOfflineQueryPersister();

/**
 * TanStack Query assumes it is online until an `offline` event arrives; a page loaded offline would
 * then wait on fetches that cannot succeed. Start from what the browser says and follow its events.
 */
export function followBrowserOnlineState(): void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}
