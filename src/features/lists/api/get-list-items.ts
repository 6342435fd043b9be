import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListItem } from '@/shared/api-types';
import { LISTS_KEY } from './get-lists';

export const listItemsKey = (listId: number) => [...LISTS_KEY, listId, 'items'] as const;

export function getListItems(listId: number): Promise<ListItem[]> {
  return api<ListItem[]>(`${API}/lists/${listId}/items`);
}

export const listItemsQueryOptions = (listId: number) =>
  queryOptions({ queryKey: listItemsKey(listId), queryFn: () => getListItems(listId) });

export function useListItems(listId: number) {
  return useSuspenseQuery(listItemsQueryOptions(listId));
}
