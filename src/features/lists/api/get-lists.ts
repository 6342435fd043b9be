import { useQuery } from '@tanstack/react-query';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { API } from '@/shared/api-paths';
import type { ListSummary } from '@/shared/api-types';

/** Every key of list data starts here, so invalidating it refreshes the lists, each list and its items. */
export const LISTS_KEY = ['lists'] as const;

export const listsQueryOptions = () => apiGetQueryOptions<ListSummary[], typeof LISTS_KEY>(LISTS_KEY, `${API}/lists`);

export function useLists() {
  return useQuery(listsQueryOptions());
}
