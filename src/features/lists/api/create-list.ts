import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListSummary, ListType } from '@/shared/api-types';
import { LISTS_KEY } from './get-lists';

export interface CreateListInput {
  name: string;
  description: string;
  list_type: ListType;
}

export function createList(input: CreateListInput): Promise<ListSummary> {
  return api<ListSummary>(`${API}/lists`, { method: 'POST', body: input });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
