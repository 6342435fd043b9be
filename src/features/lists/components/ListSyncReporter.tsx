import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import { LISTS_KEY } from '../api/get-lists';
import { isAddition } from '../api/list-outbox';

/** Bursts of synced additions are reported once, this long after the last one. */
const SETTLE_MS = 300;

const rows = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

/**
 * Tells the founder what became of the queued list additions once the server answered, and refreshes
 * the lists' data: additions made offline now saved, or a refusal with its reason. Mounted once,
 * before the replayer starts.
 */
export function ListSyncReporter() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let replayed = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      if (replayed > 0) {
        showToast(`${rows(replayed)} added while offline ${replayed === 1 ? 'is' : 'are'} now saved to your lists`, {
          variant: 'success',
        });
      }
      replayed = 0;
    };
    const unsubscribe = outboxReplayer.subscribe((event) => {
      const { row } = event;
      if (!isAddition(row)) return;
      if (event.type === 'rejected') {
        showToast(`${rows(row.payload.items.length)} could not be added to a list: ${event.message}`, { variant: 'error' });
      } else if (event.replayed) {
        replayed += row.payload.items.length;
      }
      clearTimeout(settle);
      settle = setTimeout(flush, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(settle);
    };
  }, [queryClient]);
  return null;
}
