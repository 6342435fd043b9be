import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import { overwriteQueryData } from '@/lib/query-client';
import type { SavedSearch } from '@/shared/saved-searches';
import { SAVED_SEARCHES_KEY } from './get-saved-searches';
import { seenEntry } from './saved-search-outbox';

type Named = Pick<SavedSearch, 'id' | 'name'>;

/** POST /api/v1/saved-searches/{id}/seen as a search is opened: its count drops to zero at once, and the call is queued. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    onMutate: (saved: Named) =>
      overwriteQueryData<SavedSearch[]>(queryClient, SAVED_SEARCHES_KEY, (searches) =>
        searches?.map((search) => (search.id === saved.id ? { ...search, new_count: 0 } : search)),
      ),
    mutationFn: (saved: Named) => outboxReplayer.submit(seenEntry(saved)),
  });
}
