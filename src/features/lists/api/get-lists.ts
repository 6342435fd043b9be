import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListSummary } from '@/shared/api-types';

/** Every key of list data starts here, so invalidating it refreshes the lists, each list and its items. */
export const LISTS_KEY = ['lists'] as const;

export function getLists(): Promise<ListSummary[]> {
  return api<ListSummary[]>(`${API}/lists`);
}

export const listsQueryOptions = () => queryOptions({ queryKey: LISTS_KEY, queryFn: getLists });

export function useLists() {
  return useQuery(listsQueryOptions());
}
