import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListSummary } from '@/shared/api-types';
import { LISTS_KEY } from './get-lists';

export function getList(listId: number): Promise<ListSummary> {
  return api<ListSummary>(`${API}/lists/${listId}`);
}

export const listQueryOptions = (listId: number) =>
  queryOptions({ queryKey: [...LISTS_KEY, listId], queryFn: () => getList(listId) });

/** The list page's loader has filled the cache, so the page renders only with the data there. */
export function useList(listId: number) {
  return useSuspenseQuery(listQueryOptions(listId));
}
