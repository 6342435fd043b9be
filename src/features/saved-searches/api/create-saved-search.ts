import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { SavedSearchInput } from '@/shared/saved-searches';
import { createEntry } from './saved-search-outbox';

/**
 * POST /api/v1/saved-searches through the outbox, under an id chosen here, so the search can be renamed
 * or deleted before it lands. Runs offline too, rather than wait for the network.
 */
export function useCreateSavedSearch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: Omit<Required<SavedSearchInput>, 'id'>) => outboxReplayer.submit(createEntry({ ...input, id: crypto.randomUUID() })),
  });
}
