import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import { LISTS_KEY } from './get-lists';

/** DELETE /api/v1/lists/{id}. */
export function deleteList(listId: number): Promise<unknown> {
  return api(`${API}/lists/${listId}`, { method: 'DELETE' });
}

/** Drops a deleted list's cached data; call it once its page is left, or its queries would refetch a 404. */
export function forgetList(queryClient: QueryClient, listId: number) {
  queryClient.removeQueries({ queryKey: [...LISTS_KEY, listId] });
}

/** Deletes a list and refreshes the lists. */
export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true }),
  });
}
