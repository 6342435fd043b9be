import { useQuery } from '@tanstack/react-query';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { SAVED_SEARCHES_PATH, type SavedSearch } from '@/shared/saved-searches';

/** Every key of saved-search data starts here; the list itself is kept with the frame (readable offline). */
export const SAVED_SEARCHES_KEY = ['saved-searches'] as const;

export const savedSearchesQueryOptions = () => apiGetQueryOptions<SavedSearch[], typeof SAVED_SEARCHES_KEY>(SAVED_SEARCHES_KEY, SAVED_SEARCHES_PATH);

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}
