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

/** Removes rows from their list, a call each; then the lists refresh. */
export function useRemoveFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: readonly RemoveFromListInput[]) => Promise.all(rows.map(removeFromList)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
