import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { API } from '@/shared/api-paths';
import type { ListSummary } from '@/shared/api-types';

/** Every key of list data starts here, so invalidating it refreshes the lists, each list and its items. */
export const LISTS_KEY = ['lists'] as const;

export const listsQueryOptions = () => apiGetQueryOptions<ListSummary[], typeof LISTS_KEY>(LISTS_KEY, `${API}/lists`);

export function useLists() {
  return useQuery(listsQueryOptions());
}

/**
 * A list opened that the founder's lists as kept here do not hold (made on another device, or shared with her since
 * they were read): they are read again, so the sidebar shows it and a share into the app can match its rows offline.
 */
export function readListsAgainWithout(queryClient: QueryClient, listId: number): void {
  if (queryClient.getQueryData<ListSummary[]>(LISTS_KEY)?.some((list) => list.id === listId)) return;
  // Not yet restored from this device's copy is read too: a copy restored later, being older, does not replace it.
  queryClient.fetchQuery({ ...listsQueryOptions(), staleTime: 0 }).catch(() => {});
}
