import { useEffect } from 'react';
import { Button } from '@mui/material';
import { runAfterFirstPaint } from '@/lib/after-first-paint';
import { offlineUserId } from '@/lib/offline-user';
import { forgetOfflineUser } from '../db/offline-db-loader';
import { outboxReplayer } from '../outbox/outbox-replayer';
import { offlineQueryPersister } from '../persisters/query-persister';
import { session } from '@/lib/session';
import { closeToast, showToast } from '@/lib/toasts';
import { installChunkReloadGuard } from '../chunk-reload';
import { registerServiceWorker } from '../service-worker';
import { OfflineBanner } from './OfflineBanner';

/** Expired offline answers are removed this long after the app starts. */
const HOUSEKEEPING_DELAY_MS = 10_000;

/**
 * Everything that makes the app work offline, mounted once inside the toast provider: the service
 * worker and its toasts, the outbox replayer, removing expired answers, forgetting the data of a session the
 * server ended, reloading once after a chunk fails to load, and the offline banner.
 */
export function OfflineSupport() {
  useEffect(() => {
    const removeChunkGuard = installChunkReloadGuard();
    // Only where someone is logged in (the login page need not load the offline database), and once
    // the page has loaded: housekeeping must not compete with the first page for the network and CPU.
    const housekeeping = setTimeout(() => {
      if (offlineUserId(session) !== null) void offlineQueryPersister.removeExpired().catch(() => undefined);
    }, HOUSEKEEPING_DELAY_MS);
    const stopUpdates = registerServiceWorker({
      onOfflineReady: () => showToast('Ready to work offline', { variant: 'success' }),
      onUpdateWaiting: (activate) =>
        showToast('A new version of Fundscape is available.', {
          variant: 'info',
          persist: true,
          preventDuplicate: true,
          action: (key) => (
            <>
              <Button color="inherit" size="small" sx={{ fontWeight: 700 }} onClick={activate}>
                Reload
              </Button>
              <Button color="inherit" size="small" onClick={() => closeToast(key)}>
                Later
              </Button>
            </>
          ),
        }),
    });
    return () => {
      clearTimeout(housekeeping);
      removeChunkGuard();
      stopUpdates();
    };
  }, []);

  // What each change means once sent is for the feature that queued it (it subscribes to the replayer).
  // Draining what earlier visits left waits for the first paint; a change made before then is sent
  // at once all the same (it opens the offline database itself).
  useEffect(() => {
    let stop = () => {};
    const cancel = runAfterFirstPaint(() => {
      stop = outboxReplayer.start(session.subscribe);
    });
    return () => {
      cancel();
      stop();
    };
  }, []);

  // A session the server ended (a log-out elsewhere, a password reset after a lost phone) is found at the next call:
  // the device forgets that user's stored lists, notes and contacts and unsent changes, as their own Log Out does.
  useEffect(() => {
    let userId = offlineUserId(session);
    return session.subscribe(({ loggedIn }, reason) => {
      const ended = userId;
      userId = offlineUserId(session);
      if (!loggedIn && reason === 'ended' && ended !== null) void forgetOfflineUser(ended);
    });
  }, []);

  return <OfflineBanner />;
}
