import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import { overwriteQueryData } from '@/lib/query-client';
import { showToast } from '@/lib/toasts';
import type { StartupProfile } from '@/shared/fit';
import { ROUND_KEY } from '../api/get-round';
import { STARTUP_KEY } from '../api/get-startup';
import { holdsEdit, isStartupEdit } from '../api/startup-outbox';

/**
 * What becomes of a profile edit once the server answers: the profile query takes the answer, and
 * everything scored by the old profile (searches, rows, lists, the round) is fetched again. An edit
 * made offline says so when it lands (or that another device's later edit was kept), or why it was
 * refused; any change that lands (a stage, an amount) refreshes the round's figures. Mounted once,
 * before the replayer starts.
 */
export function StartupSyncReporter() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      outboxReplayer.subscribe((event) => {
        // A stage or amount change moves the round's figures.
        if (event.type === 'synced') void queryClient.invalidateQueries({ queryKey: ROUND_KEY });
        if (!isStartupEdit(event.row)) return;
        if (event.type === 'rejected') {
          if (event.replayed) showToast(`Your startup profile could not be saved: ${event.message}`, { variant: 'error' });
          return;
        }
        const answer = event.answer as StartupProfile;
        void overwriteQueryData<StartupProfile>(queryClient, STARTUP_KEY, () => answer);
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== STARTUP_KEY[0] });
        if (!event.replayed) return;
        if (holdsEdit(answer, event.row.payload.profile)) {
          showToast('Your startup profile is saved; investors are ranked by it again.', { variant: 'success' });
        } else {
          showToast('Another device changed your startup profile later; kept that one.', { variant: 'info' });
        }
      }),
    [queryClient],
  );
  return null;
}
