import { useMemo } from 'react';
import { usePendingChanges } from '@/features/offline';
import { useSavedSearches } from './get-saved-searches';
import { shownSavedSearches } from './saved-search-outbox';

/** The saved searches as the founder sees them: the server's, with the changes not sent yet laid over them. */
export function useShownSavedSearches() {
  const { data, isPending, isError } = useSavedSearches();
  const outbox = usePendingChanges();
  const shown = useMemo(() => (data ? shownSavedSearches(data, outbox) : undefined), [data, outbox]);
  return { shown, isPending, isError };
}

/** One saved search as the founder sees it, or undefined while loading or once it is gone. */
export function useShownSavedSearch(id: string) {
  return useShownSavedSearches().shown?.find((saved) => saved.id === id);
}
