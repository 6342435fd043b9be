// The offline database's code (Dexie) is loaded on first use, so a page that never needs it — the
// login page, say — does not download it. What can wait (showing pending changes, storing answers,
// draining the outbox at start) asks after the first paint; what cannot (a change made now, an answer
// read offline) opens it on demand, and then everything waiting gets it at once too.
import { afterFirstPaint } from '@/lib/after-first-paint';
import type { OfflineDb } from './offline-db';

let loading: Promise<OfflineDb> | null = null;
let requested: () => void;
const firstRequest = new Promise<void>((resolve) => {
  requested = resolve;
});

/** The app's offline database, opened now. */
export function loadOfflineDb(): Promise<OfflineDb> {
  requested();
  loading ??= import('./offline-db').then(
    (module) => module.offlineDb,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The app's offline database once the page has painted, or as soon as something opens it on demand. */
export async function loadOfflineDbAfterFirstPaint(): Promise<OfflineDb> {
  await Promise.race([afterFirstPaint(), firstRequest]);
  return loadOfflineDb();
}

/**
 * Removes everything this device keeps for the user (their persisted answers and unsent changes): on their Log
 * Out, and when the server has ended their session.
 */
export function forgetOfflineUser(userId: number): Promise<void> {
  return loadOfflineDb()
    .then((db) => db.forgetUser(userId))
    .catch(() => undefined);
}
