// What the UI reads of the outbox: the current user's pending additions, live across tabs (Dexie's
// liveQuery), so a row added offline shows at once in its list and its count, marked pending.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Fund, Investor } from '@/shared/api-types';
import type { OutboxRow } from './offline-db';
import { loadOfflineDb } from './offline-db-loader';
import { offlineUserId } from './offline-user';
import { countPendingItems, pendingRows } from './outbox';
import { session } from './session';

const NONE: OutboxRow[] = [];

/** The id of the logged-in user, re-read whenever the session changes. */
export function useOfflineUserId(): number | null {
  return useSyncExternalStore(session.subscribe, () => offlineUserId(session), () => null);
}

/**
 * The current user's unsent additions, oldest first. Dexie loads after the first render (the sidebar
 * of every logged-in page asks), so its code is not on the way to a page's first paint.
 */
export function usePendingAdditions(): OutboxRow[] {
  const userId = useOfflineUserId();
  const [pending, setPending] = useState<{ userId: number; rows: OutboxRow[] } | null>(null);
  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let subscription: { unsubscribe: () => void } | undefined;
    void Promise.all([loadOfflineDb(), import('dexie')])
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

/** The rows waiting to be added to one list, once each, leaving out those the list already shows. */
export function pendingItemsOf<T extends Investor | Fund>(
  rows: OutboxRow[],
  listId: number,
  presentIds: Iterable<number> = [],
): T[] {
  const seen = new Set(presentIds);
  const items: T[] = [];
  for (const row of rows) {
    if (row.listId !== listId) continue;
    for (const item of row.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item as T);
    }
  }
  return items;
}

/** The number of rows the current user added to lists that are not synced yet. */
export function usePendingItemCount(): number {
  return countPendingItems(usePendingAdditions());
}
