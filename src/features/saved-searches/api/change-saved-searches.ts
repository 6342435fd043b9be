// The changes a founder makes to their saved searches. Each goes through the offline outbox
// (submit-change.ts): sent at once when online, queued and shown as pending when not; the mutations run
// offline too, rather than wait for the network.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SavedSearchChange, SavedSearchInput } from '@/shared/saved-searches';
import { SAVED_SEARCHES_KEY } from './get-saved-searches';
import { changeEntry, createEntry, deleteEntry, seenEntry } from './saved-search-outbox';
import { submitChange } from './submit-change';

type Named = Pick<SavedSearch, 'id' | 'name'>;

/** Saves a search under an id chosen here, so it can be renamed or deleted before it lands. */
export function useCreateSavedSearch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (input: Omit<Required<SavedSearchInput>, 'id'>) => submitChange(createEntry({ ...input, id: crypto.randomUUID() })),
  });
}

/** A new name or alert. */
export function useChangeSavedSearch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ saved, change }: { saved: Named; change: SavedSearchChange }) => submitChange(changeEntry(saved, change)),
  });
}

export function useDeleteSavedSearch() {
  return useMutation({ networkMode: 'always', mutationFn: (saved: Named) => submitChange(deleteEntry(saved)) });
}

/** Marks a search seen as it is opened: its count drops to zero at once, and the call is queued. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    onMutate: (saved: Named) => {
      queryClient.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (searches) =>
        searches?.map((search) => (search.id === saved.id ? { ...search, new_count: 0 } : search)),
      );
    },
    mutationFn: (saved: Named) => submitChange(seenEntry(saved)),
  });
}
