import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Fund, Investor } from '@/shared/api-types';
import { LISTS_KEY } from './get-lists';

export type ListItem = Investor | Fund;

export function getListItems(listId: number): Promise<ListItem[]> {
  return api<ListItem[]>(`${API}/lists/${listId}/items`);
}

export const listItemsQueryOptions = (listId: number) =>
  queryOptions({ queryKey: [...LISTS_KEY, listId, 'items'], queryFn: () => getListItems(listId) });

export function useListItems(listId: number) {
  return useSuspenseQuery(listItemsQueryOptions(listId));
}
