import { useState } from 'react';
import { offlineUserId } from '@/lib/offline-user';
import { forgetOfflineUser, loadOfflineDb } from './db/offline-db-loader';
import { pendingRows } from './outbox/outbox';
import { outboxReplayer } from './outbox/outbox-replayer';

/** How long Log Out waits for queued changes to be sent before it counts what is left. */
const SYNC_BEFORE_LOGOUT_MS = 3000;

async function unsyncedCount(userId: number): Promise<number> {
  try {
    await Promise.race([outboxReplayer.drain(), new Promise((resolve) => setTimeout(resolve, SYNC_BEFORE_LOGOUT_MS))]);
    return (await pendingRows(await loadOfflineDb(), userId)).length;
  } catch {
    // Without a readable outbox there is nothing to warn about; logging out must still work.
    return 0;
  }
}

/**
 * The user's Log Out: first tries to send what is queued and, if changes are still unsynced, asks
 * before going on. Logging out removes the user's offline data — persisted answers and unsent
 * changes — from this device, as a session the server ended does (OfflineSupport). (A refresh that got no
 * answer keeps them for the same user's next login, and so does a logout heard from another tab: that tab removes
 * them.)
 * Render `<LogOutConfirmDialog {...dialog} />` beside the trigger.
 */
export function useLogOutGuard(logOut: () => void) {
  const [pendingCount, setPendingCount] = useState<number | null>(null);

  function logOutAndForget() {
    const userId = offlineUserId();
    // Tokens first: from then on nothing more is persisted for this user.
    logOut();
    if (userId !== null) void forgetOfflineUser(userId);
  }

  async function requestLogOut() {
    const userId = offlineUserId();
    const count = userId === null ? 0 : await unsyncedCount(userId);
    if (count > 0) setPendingCount(count);
    else logOutAndForget();
  }

  return {
    requestLogOut: () => void requestLogOut(),
    dialog: {
      pendingCount,
      onStay: () => setPendingCount(null),
      onLogOut: () => {
        setPendingCount(null);
        logOutAndForget();
      },
    },
  };
}
