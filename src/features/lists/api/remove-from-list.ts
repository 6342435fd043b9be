import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListType } from '@/shared/api-types';
import { listRowPath } from '@/shared/list-paths';
import { LISTS_KEY } from './get-lists';

export interface RemoveFromListInput {
  listId: number;
  listType: ListType;
  itemId: number;
}

/** DELETE /api/v1/lists/{id}/investors/{investorId} or /funds/{fundId}. */
export function removeFromList({ listId, listType, itemId }: RemoveFromListInput): Promise<unknown> {
  return api(listRowPath(listId, listType, itemId), { method: 'DELETE' });
}

export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
