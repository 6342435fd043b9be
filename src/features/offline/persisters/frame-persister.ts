// The logged-in frame's few small queries — the current user and the lists with their counts — kept
// in localStorage per user, so a cold start (offline too) paints the frame before IndexedDB is open.
// TanStack's PersistQueryClientProvider restores them before the router loads and saves them when
// they change, through @tanstack/query-sync-storage-persister; the per-query Dexie persister
// (query-persister.ts) keeps holding everything else, and the Dexie outbox stays the one queue of
// mutations. Which queries is the caller's to say (their keys live in features).
//
// One entry a user, `fundscape.frame.<userId>`, for a week (OFFLINE_MAX_AGE_MS) and only with this
// version's shape (FRAME_VERSION is the buster). An entry is read for the user the stored access
// token names, and written only while that user is still the one logged in, so a frame is never
// shown to another user. Log Out and an ended session remove it.
//
// A restored answer is shown at once but never taken as fresh: its queries are marked stale, so
// their first observer fetches them again (online at once; offline once the network is back). After
// that the stale and gc times (10 and 30 minutes) govern them like any other query.
import { hashKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions, Persister } from '@tanstack/react-query-persist-client';
import { OFFLINE_MAX_AGE_MS } from '@/shared/constants';

/** Bump when the shape of a persisted frame changes; older entries are then discarded. */
export const FRAME_VERSION = '2';
export const FRAME_STORAGE_PREFIX = 'fundscape.frame.';

/** The localStorage key of a user's frame. */
export function frameStorageKey(userId: number): string {
  return `${FRAME_STORAGE_PREFIX}${userId}`;
}

type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface FramePersisterOptions {
  /** The queries to keep, by exact key. */
  queryKeys: readonly QueryKey[];
  /** Whose frame to read and write; null means nobody is logged in and nothing is kept. */
  currentUserId: () => number | null;
  /** localStorage by default; null when storage is unavailable (then nothing is kept). */
  storage?: Storage | null;
  maxAge?: number;
  /**
   * At most one write per this many ms (the sync persister's throttle). None by default: the frame is
   * two small answers that change rarely, and a throttled write lost to a reload right after a change
   * (a saved name) would restore the old answer.
   */
  throttleTime?: number;
}

/** The persistOptions of PersistQueryClientProvider, without the query client. */
export type FramePersistOptions = Omit<PersistQueryClientOptions, 'queryClient'>;

export interface FramePersister {
  persistOptions: FramePersistOptions;
  /** Once restored: marks the frame's queries stale, without fetching, so their observers fetch them anew. */
  revalidateRestored(queryClient: QueryClient): Promise<void>;
  /** Removes every frame on this device: one session at a time, so this is the user who just left (and any leftover). */
  removeAll(): void;
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled: reading the property throws.
    return null;
  }
}

/**
 * One user's view of the storage. A write lands only while that user is the current one: the
 * persister writes up to a second late, by which time the user may have logged out. Reads and
 * removals never throw; a failed write (quota) only loses the frame, the persister tries once.
 */
function userStorage(storage: Storage, userId: number, currentUserId: () => number | null): SyncStorage {
  return {
    getItem(key) {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      if (currentUserId() === userId) storage.setItem(key, value);
    },
    removeItem(key) {
      try {
        storage.removeItem(key);
      } catch {
        // An entry that cannot be removed is discarded when it is next read (maxAge, buster).
      }
    },
  };
}

export function createFramePersister({
  queryKeys,
  currentUserId,
  storage = browserStorage(),
  maxAge = OFFLINE_MAX_AGE_MS,
  throttleTime = 0,
}: FramePersisterOptions): FramePersister {
  const kept = new Set(queryKeys.map((key) => hashKey(key)));
  const perUser = new Map<number, Persister>();

  /** The persister of the user logged in now, or null when nobody is (or storage is unavailable). */
  function current(): Persister | null {
    const userId = currentUserId();
    if (userId === null || !storage) return null;
    let persister = perUser.get(userId);
    if (!persister) {
      // Each user has a persister (and a throttle) of their own: a save made for one user never
      // lands in another's entry. (createSyncStoragePersister is marked deprecated in favour of the
      // async one; the card names this package, and localStorage is synchronous: see the README.)
      persister = createSyncStoragePersister({ storage: userStorage(storage, userId, currentUserId), key: frameStorageKey(userId), throttleTime });
      perUser.set(userId, persister);
    }
    return persister;
  }

  const persister: Persister = {
    persistClient: (client) => current()?.persistClient(client),
    restoreClient: () => current()?.restoreClient(),
    removeClient: () => current()?.removeClient(),
  };

  return {
    persistOptions: {
      persister,
      maxAge,
      buster: FRAME_VERSION,
      dehydrateOptions: {
        // Only the frame's queries, and only a successful answer (never an error or a pending fetch).
        shouldDehydrateQuery: (query: Query) => query.state.status === 'success' && kept.has(query.queryHash),
        // The Dexie outbox is the one queue of mutations.
        shouldDehydrateMutation: () => false,
      },
    },
    async revalidateRestored(queryClient) {
      await Promise.all(
        queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })),
      );
    },
    removeAll() {
      if (!storage) return;
      try {
        const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
        for (const key of keys) if (key?.startsWith(FRAME_STORAGE_PREFIX)) storage.removeItem(key);
      } catch {
        // Storage unavailable: nothing was kept either.
      }
    },
  };
}
