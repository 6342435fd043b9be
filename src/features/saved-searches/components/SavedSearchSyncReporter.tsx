import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToAnswers } from '@/features/offline';
import { overwriteQueryData } from '@/lib/query-client';
import { showToast } from '@/lib/toasts';
import type { SavedSearch } from '@/shared/saved-searches';
import { SAVED_SEARCHES_KEY } from '../api/get-saved-searches';
import {
  isSavedSearchRow,
  SAVED_SEARCH_CHANGE,
  SAVED_SEARCH_CREATE,
  SAVED_SEARCH_DELETE,
  SAVED_SEARCH_SEEN,
  type SavedSearchOutboxRow,
} from '../api/saved-search-outbox';

const FAILED: Record<string, string> = {
  [SAVED_SEARCH_CREATE]: 'could not be saved',
  [SAVED_SEARCH_CHANGE]: 'could not be changed',
  [SAVED_SEARCH_DELETE]: 'could not be deleted',
  [SAVED_SEARCH_SEEN]: 'could not be marked as seen',
};

/** The list as the server now has it after one landed change, until the refetch confirms it. */
function withLanded(searches: SavedSearch[], row: SavedSearchOutboxRow, answer: unknown): SavedSearch[] {
  const { id } = row.payload;
  if (row.kind === SAVED_SEARCH_DELETE) return searches.filter((search) => search.id !== id);
  const landed = answer as SavedSearch | undefined;
  if (!landed?.id) return searches;
  return searches.some((search) => search.id === id) ? searches.map((search) => (search.id === id ? landed : search)) : [...searches, landed];
}

/**
 * What becomes of queued saved-search changes once the server answers: the list takes each answer at
 * once (a search created offline does not blink out between leaving the outbox and the refetch), then
 * is fetched again; changes made offline say so when they land, and a refusal is reported by the
 * search's name. Mounted once, before the replayer starts.
 */
export function SavedSearchSyncReporter() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let replayed = 0;
    return subscribeToAnswers(
      isSavedSearchRow,
      (event) => {
        const { row } = event;
        if (event.type === 'rejected') {
          // A change sent as it was made is answered where it was made (the form, the menu); a seen never is.
          if (event.replayed || row.kind === SAVED_SEARCH_SEEN) {
            showToast(`Saved search “${row.payload.name}” ${FAILED[row.kind]}: ${event.message}`, { variant: 'error' });
          }
        } else {
          void overwriteQueryData<SavedSearch[]>(queryClient, SAVED_SEARCHES_KEY, (searches) => searches && withLanded(searches, row, event.answer));
          if (event.replayed && row.kind !== SAVED_SEARCH_SEEN) replayed += 1;
        }
      },
      () => {
        void queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_KEY });
        if (replayed > 0) {
          const changes = replayed === 1 ? 'A change' : `${replayed} changes`;
          showToast(`${changes} to your saved searches made offline ${replayed === 1 ? 'is' : 'are'} now saved`, { variant: 'success' });
        }
        replayed = 0;
      },
    );
  }, [queryClient]);
  return null;
}
