import { useEffect, useRef } from 'react';
import { Button } from '@mui/material';
import { offlineUserId } from '@/lib/offline-user';
import { outboxReplayer } from '@/lib/outbox-replayer';
import { offlineQueryPersister } from '@/lib/query-persister';
import { session } from '@/lib/session';
import { closeToast, showToast } from '@/lib/toasts';
import { installChunkReloadGuard } from '../chunk-reload';
import { registerServiceWorker } from '../service-worker';
import { OfflineBanner } from './OfflineBanner';

export interface OfflineSupportProps {
  /** Refreshes the cached lists and their items after queued additions reached the server. */
  onListsChanged: () => void;
}

/** Expired offline answers are removed this long after the app starts. */
const HOUSEKEEPING_DELAY_MS = 10_000;

/** Bursts of synced rows are reported once, this long after the last one. */
const SETTLE_MS = 300;

const rows = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/**
 * Everything that makes the app work offline, mounted once inside the toast provider: the service
 * worker and its toasts, the outbox replayer, removing expired answers, reloading once after
 * a chunk fails to load, and the offline banner.
 */
export function OfflineSupport({ onListsChanged }: OfflineSupportProps) {
  const onListsChangedRef = useRef(onListsChanged);
  useEffect(() => {
    onListsChangedRef.current = onListsChanged;
  }, [onListsChanged]);

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

  useEffect(() => {
    let replayed = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      onListsChangedRef.current();
      if (replayed > 0) {
        showToast(`${rows(replayed)} added while offline ${replayed === 1 ? 'is' : 'are'} now saved to your lists`, {
          variant: 'success',
        });
      }
      replayed = 0;
    };
    const unsubscribe = outboxReplayer.subscribe((event) => {
      if (event.type === 'rejected') {
        showToast(`${rows(event.row.itemIds.length)} could not be added to a list: ${event.message}`, {
          variant: 'error',
        });
      } else if (event.replayed) {
        replayed += event.row.itemIds.length;
      }
      clearTimeout(settle);
      settle = setTimeout(flush, SETTLE_MS);
    });
    const stop = outboxReplayer.start(session.subscribe);
    return () => {
      unsubscribe();
      stop();
      clearTimeout(settle);
    };
  }, []);

  return <OfflineBanner />;
}
