// What the UI reads of the outbox: the current user's pending changes, live across tabs (Dexie's
// liveQuery), so a change made offline shows at once, marked pending, wherever its feature shows it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { offlineUserId } from '@/lib/offline-user';
import { session } from '@/lib/session';
import type { OutboxRow } from '../db/offline-db';
import { loadOfflineDbAfterFirstPaint } from '../db/offline-db-loader';
import { pendingRows } from './outbox';

const NONE: OutboxRow[] = [];

/** The id of the logged-in user, re-read whenever the session changes. */
export function useOfflineUserId(): number | null {
  return useSyncExternalStore(session.subscribe, () => offlineUserId(session), () => null);
}

/**
 * The current user's unsent changes, oldest first. Every logged-in page asks (the sidebar's
 * follow-ups), so Dexie is loaded and opened only after the first paint, unless a change or an
 * offline read opens it sooner: until then nothing shows as pending.
 */
export function usePendingChanges(): OutboxRow[] {
  const userId = useOfflineUserId();
  const [pending, setPending] = useState<{ userId: number; rows: OutboxRow[] } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let subscription: { unsubscribe: () => void } | undefined;
    void loadOfflineDbAfterFirstPaint()
      .then((db) => Promise.all([db, import('dexie')]))
      .then(([db, { liveQuery }]) => {
        if (stopped) return;
        subscription = liveQuery(() => pendingRows(db, userId)).subscribe({
          next: (rows) => setPending({ userId, rows }),
          // Without the offline store (private mode, say) nothing can be pending.
          error: () => setPending({ userId, rows: NONE }),
        });
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
  }, [userId]);
  return pending !== null && pending.userId === userId ? pending.rows : NONE;
}
