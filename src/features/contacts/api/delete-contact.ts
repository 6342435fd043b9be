import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { Investor } from '@/shared/api-types';
import { dropContactFromLists, type ContactKeys } from './contact-cache';
import { contactDeleteEntry } from './contact-outbox';

/**
 * DELETE /api/v1/investors/{id} through the outbox: 'synced', or 'queued' until back online; either way the
 * contact leaves the cached lists at once. A refusal throws ChangeRefusedError with the server's detail.
 */
export function useDeleteContact(keys: ContactKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (contact: Investor) => {
      const outcome = await outboxReplayer.submit(contactDeleteEntry(contact));
      dropContactFromLists(queryClient, keys, contact.id);
      return outcome;
    },
  });
}

/** Forgets a deleted contact's page; call it once the page is left, or its query would refetch a 404. */
export function forgetContact(queryClient: ReturnType<typeof useQueryClient>, keys: ContactKeys, id: number) {
  queryClient.removeQueries({ queryKey: keys.investor(id), exact: true });
}
