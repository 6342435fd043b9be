import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Fund, Investor } from '@/shared/api-types';
import type { Pipeline } from '@/shared/pipeline';
import { LISTS_KEY } from './get-lists';

/** An investor or fund on a list; the server's items carry the row's pipeline, a row added from a table
 * and not synced yet does not. */
export type ListItem = (Investor | Fund) & { pipeline?: Pipeline };

export const listItemsKey = (listId: number) => [...LISTS_KEY, listId, 'items'] as const;

export function getListItems(listId: number): Promise<ListItem[]> {
  return api<ListItem[]>(`${API}/lists/${listId}/items`);
}

export const listItemsQueryOptions = (listId: number) =>
  queryOptions({ queryKey: listItemsKey(listId), queryFn: () => getListItems(listId) });

export function useListItems(listId: number) {
  return useSuspenseQuery(listItemsQueryOptions(listId));
}
