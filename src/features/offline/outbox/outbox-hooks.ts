// What the UI reads of the outbox: the current user's pending changes, live across tabs (Dexie's
// liveQuery), so a change made offline shows at once, marked pending, wherever its feature shows it.
import { useCallback, useSyncExternalStore } from 'react';
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

interface SharedPending {
  /** Null until the first answer. */
  rows: OutboxRow[] | null;
  listeners: Set<() => void>;
  stop: () => void;
}

/**
 * One live query of the outbox per user, shared by every component reading it: a page has a dozen readers
 * (the sidebar's lists and follow-ups, the rows' pending marks, the startup's draft), and a live query each
 * cost a phone a transaction and a render each after the first paint.
 */
const shared = new Map<number, SharedPending>();

function watch(userId: number): SharedPending {
  let stopped = false;
  let subscription: { unsubscribe: () => void } | undefined;
  const entry: SharedPending = {
    rows: null,
    listeners: new Set(),
    stop: () => {
      stopped = true;
      subscription?.unsubscribe();
    },
  };
  const show = (rows: OutboxRow[]) => {
    // An empty outbox, the usual answer, is always the same array: its readers have nothing to redraw.
    entry.rows = rows.length === 0 ? NONE : rows;
    for (const listener of entry.listeners) listener();
  };
  void loadOfflineDbAfterFirstPaint()
    .then((db) => Promise.all([db, import('dexie')]))
    .then(([db, { liveQuery }]) => {
      if (stopped) return;
      subscription = liveQuery(() => pendingRows(db, userId)).subscribe({
        next: show,
        // Without the offline store (private mode, say) nothing can be pending.
        error: () => show(NONE),
      });
    })
    .catch(() => undefined);
  return entry;
}

function subscribeToPending(userId: number, listener: () => void): () => void {
  const entry = shared.get(userId) ?? watch(userId);
  shared.set(userId, entry);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    // The last reader gone: the next one starts a new query.
    entry.stop();
    shared.delete(userId);
  };
}

/**
 * The current user's unsent changes, oldest first. Every logged-in page asks (the sidebar's
 * follow-ups), so Dexie is loaded and opened only after the first paint, unless a change or an
 * offline read opens it sooner: until then nothing shows as pending.
 */
export function usePendingChanges(): OutboxRow[] {
  const userId = useOfflineUserId();
  const subscribe = useCallback((listener: () => void) => (userId === null ? () => {} : subscribeToPending(userId, listener)), [userId]);
  return useSyncExternalStore(
    subscribe,
    () => (userId === null ? NONE : (shared.get(userId)?.rows ?? NONE)),
    () => NONE,
  );
}
