import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SAVED_SEARCHES_PATH, type SavedSearch } from '@/shared/saved-searches';

/** Every key of saved-search data starts here; the list itself is kept with the frame (readable offline). */
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

export function getSavedSearches(): Promise<SavedSearch[]> {
  return api<SavedSearch[]>(SAVED_SEARCHES_PATH);
}

export const savedSearchesQueryOptions = () => queryOptions({ queryKey: SAVED_SEARCHES_KEY, queryFn: getSavedSearches });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}
