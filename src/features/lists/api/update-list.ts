import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListSummary } from '@/shared/api-types';
import { LISTS_KEY } from './get-lists';

export interface UpdateListInput {
  listId: number;
  name: string;
  description: string;
}

/** PATCH /api/v1/lists/{id}: rename and describe a list. */
export function updateList({ listId, ...body }: UpdateListInput): Promise<ListSummary> {
  return api<ListSummary>(`${API}/lists/${listId}`, { method: 'PATCH', body });
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
