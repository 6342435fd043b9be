import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listMemberPath } from '@/shared/teams';
import type { ListKeys } from './list-keys';

/** A member leaves a list shared with them (DELETE of their own membership); the lists are refreshed. */
export function useLeaveList(listKeys: ListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, userId }: { listId: number; userId: number }) => api(listMemberPath(listId, userId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all, exact: true }),
  });
}
