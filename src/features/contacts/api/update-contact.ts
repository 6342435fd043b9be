import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { Investor } from '@/shared/api-types';
import type { ContactPatch } from '../forms/contact-values';
import { showContactChange, type ContactKeys } from './contact-cache';
import { contactEditEntry } from './contact-outbox';

export interface UpdateContactInput {
  contact: Investor;
  patch: ContactPatch;
}

/**
 * PATCH /api/v1/investors/{id} through the outbox: 'synced' (ContactSyncReporter puts the answer in the
 * cache), or 'queued' and shown at once, pending, until back online. A refusal throws ChangeRefusedError
 * with the server's detail, for the form to show in place.
 */
export function useUpdateContact(keys: ContactKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ contact, patch }: UpdateContactInput) => {
      const outcome = await outboxReplayer.submit(contactEditEntry(contact, patch));
      if (outcome === 'queued') showContactChange(queryClient, keys, contact.id, patch);
      return outcome;
    },
  });
}
