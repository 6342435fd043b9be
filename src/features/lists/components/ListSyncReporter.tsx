import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToAnswers } from '@/features/offline';
import { apiStatus } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { ListSummary } from '@/shared/api-types';
import { LISTS_KEY } from '../api/get-lists';
import { isAddition } from '../api/list-outbox';

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
    return subscribeToAnswers(
      isAddition,
      (event) => {
        const added = event.row.payload.items.length;
        if (event.type === 'rejected') {
          const list = queryClient.getQueryData<ListSummary[]>(LISTS_KEY)?.find((one) => one.id === event.row.payload.listId);
          // A list no longer shared with the founder answers 404: its existence is not revealed.
          const reason = apiStatus(event.error) === 404 ? 'you no longer have access to this list' : event.message;
          showToast(`${rows(added)} could not be added to ${list ? list.name : 'a list'}: ${reason}`, { variant: 'error' });
        } else if (event.replayed) {
          replayed += added;
        }
      },
      () => {
        void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
        if (replayed > 0) {
          showToast(`${rows(replayed)} added while offline ${replayed === 1 ? 'is' : 'are'} now saved to your lists`, {
            variant: 'success',
          });
        }
        replayed = 0;
      },
    );
  }, [queryClient]);
  return null;
}
