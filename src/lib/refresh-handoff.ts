// Chromium hands localStorage writes to other tabs asynchronously: a tab that waited for the refresh
// lock may still read the refresh token the tab before it just rotated, and reusing that token ends the
// session. The refreshing tab therefore also leaves the new tokens here, in IndexedDB, whose committed
// writes every later transaction sees, keyed by the refresh token they replaced.
import type { Tokens } from '@/shared/api-types';

const DB_NAME = 'fundscape-session';
const STORE = 'refresh-handoff';
const KEY = 'last';

interface Handoff {
  replaced: string;
  tokens: Tokens;
}

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openDb();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const transaction = db.transaction(STORE, mode);
      const request = action(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => resolve(undefined);
      transaction.onabort = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

/** Leaves the tokens a refresh brought for the next tab that would refresh with the one they replaced. */
export async function handOverRefresh(replaced: string, tokens: Tokens): Promise<void> {
  await run('readwrite', (store) => store.put({ replaced, tokens } satisfies Handoff, KEY));
}

/** The tokens another tab already got for this refresh token, if it was rotated there. */
export async function refreshedElsewhere(refreshToken: string): Promise<Tokens | null> {
  const handoff = (await run('readonly', (store) => store.get(KEY))) as Handoff | undefined;
  return handoff?.replaced === refreshToken ? handoff.tokens : null;
}

/** Log Out leaves no token behind. */
export async function clearRefreshHandoff(): Promise<void> {
  await run('readwrite', (store) => store.delete(KEY));
}
