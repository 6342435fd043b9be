// The offline database's code (Dexie) is loaded on first use, so a page that never needs it — the
// login page, say — does not download it.
import type { OfflineDb } from './offline-db';

let loading: Promise<OfflineDb> | null = null;

/** The app's offline database. */
export function loadOfflineDb(): Promise<OfflineDb> {
  loading ??= import('./offline-db').then(
    (module) => module.offlineDb,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
