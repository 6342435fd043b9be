import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { SavedSearch, SavedSearchChange } from '@/shared/saved-searches';
import { changeEntry } from './saved-search-outbox';

/** PATCH /api/v1/saved-searches/{id} through the outbox: a new name or alert. */
export function useUpdateSavedSearch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ saved, change }: { saved: Pick<SavedSearch, 'id' | 'name'>; change: SavedSearchChange }) =>
      outboxReplayer.submit(changeEntry(saved, change)),
  });
}
