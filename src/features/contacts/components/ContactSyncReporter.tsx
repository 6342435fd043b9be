import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToAnswers, type OutboxRow } from '@/features/offline';
import { apiStatus } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import type { Investor } from '@/shared/api-types';
import { showContactChange, type ContactKeys } from '../api/contact-cache';
import { isContactDelete, isContactEdit, type ContactChangePayload, type ContactEditPayload } from '../api/contact-outbox';

const isContactChange = (row: OutboxRow): row is OutboxRow<ContactChangePayload> | OutboxRow<ContactEditPayload> =>
  isContactEdit(row) || isContactDelete(row);

/**
 * What becomes of a contact's queued edit or deletion once the server answers: an edit's answer goes into
 * the cache; one made offline says it landed; a refusal is told by name (a form shows its own refusal in
 * place). A deletion answered 404 had landed already (its first answer was lost). The lists are fetched
 * again once the answers settle. Mounted once, before the replayer starts.
 */
export function ContactSyncReporter({ keys }: { keys: ContactKeys }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeToAnswers(
        isContactChange,
        (event) => {
          const { row } = event;
          const { investorId, name } = row.payload;
          if (event.type === 'synced') {
            if (isContactEdit(row)) showContactChange(queryClient, keys, investorId, event.answer as Investor);
            if (event.replayed) showToast(isContactEdit(row) ? `Changes to ${name} are saved` : `${name} is deleted`, { variant: 'success' });
            return;
          }
          if (isContactDelete(row) && apiStatus(event.error) === 404) return;
          void queryClient.invalidateQueries({ queryKey: keys.investor(investorId), exact: true });
          if (!event.replayed) return;
          const reason = apiStatus(event.error) === 404 ? 'it is no longer shared with you' : event.message;
          const what = isContactEdit(row) ? `Changes to ${name} could not be saved` : `${name} could not be deleted`;
          showToast(`${what}: ${reason}`, { variant: 'error' });
        },
        () => void queryClient.invalidateQueries({ queryKey: keys.lists.all }),
      ),
    [queryClient, keys],
  );
  return null;
}
