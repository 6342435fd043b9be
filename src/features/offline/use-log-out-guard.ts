import { useState } from 'react';
import { loadOfflineDb } from '@/lib/offline-db-loader';
import { offlineUserId } from '@/lib/offline-user';
import { countPendingItems, pendingRows } from '@/lib/outbox';
import { outboxReplayer } from '@/lib/outbox-replayer';

/** How long Log Out waits for queued additions to be sent before it counts what is left. */
const SYNC_BEFORE_LOGOUT_MS = 3000;

async function unsyncedCount(): Promise<number> {
  const userId = offlineUserId();
  if (userId === null) return 0;
  try {
    await Promise.race([outboxReplayer.drain(), new Promise((resolve) => setTimeout(resolve, SYNC_BEFORE_LOGOUT_MS))]);
    return countPendingItems(await pendingRows(await loadOfflineDb(), userId));
  } catch {
    // Without a readable outbox there is nothing to warn about; logging out must still work.
    return 0;
  }
}

/**
 * Log Out that first tries to send what is queued and, if additions are still unsynced, asks before
 * logging out (which discards them). Render `<LogOutConfirmDialog {...dialog} />` beside the trigger.
 */
export function useLogOutGuard(logOut: () => void) {
  const [pendingCount, setPendingCount] = useState<number | null>(null);

  async function requestLogOut() {
    const count = await unsyncedCount();
    if (count > 0) setPendingCount(count);
    else logOut();
  }

  return {
    requestLogOut: () => void requestLogOut(),
    dialog: {
      pendingCount,
      onStay: () => setPendingCount(null),
      onLogOut: () => {
        setPendingCount(null);
        logOut();
      },
    },
  };
}
