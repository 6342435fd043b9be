import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { SavedSearch } from '@/shared/saved-searches';
import { deleteEntry } from './saved-search-outbox';

/** DELETE /api/v1/saved-searches/{id} through the outbox. */
export function useDeleteSavedSearch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (saved: Pick<SavedSearch, 'id' | 'name'>) => outboxReplayer.submit(deleteEntry(saved)),
  });
}
