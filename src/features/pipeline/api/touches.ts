// A row's touches (mail captured, calls, meetings and messages logged): read online; its author shares or
// stops sharing a touch's text, or deletes it, online only (where the server has it). Logging one by hand
// goes through the outbox: log-touch.ts.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { rowTouchesPath, type Touch, type TouchPatch } from '@/shared/capture';
import type { ListKeys } from './list-keys';
import { newestFirst } from './newest-first';
import type { RowRef } from './pipeline-outbox';

const touchPath = (row: RowRef, touchId: number) => `${rowTouchesPath(row.listId, row.listType, row.itemId)}/${touchId}`;

export const touchesQueryOptions = (listKeys: ListKeys, row: RowRef) =>
  queryOptions({
    queryKey: [...listKeys.all, row.listId, 'touches', row.listType, row.itemId],
    queryFn: async () => (await api<Touch[]>(rowTouchesPath(row.listId, row.listType, row.itemId))).sort(newestFirst('happened_at')),
  });

export function useTouches(listKeys: ListKeys, row: RowRef) {
  return useQuery(touchesQueryOptions(listKeys, row));
}

/** Shares one of the founder's touches' text with the list's members, or stops sharing it. */
export function useShareTouch(listKeys: ListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, touchId, shared }: { row: RowRef; touchId: number; shared: boolean }) =>
      api<Touch>(touchPath(row, touchId), { method: 'PATCH', body: { shared } satisfies TouchPatch }),
    onSettled: (_answer, _error, { row }) => void queryClient.invalidateQueries({ queryKey: touchesQueryOptions(listKeys, row).queryKey }),
  });
}

/** Deletes one of the founder's touches: its text is gone for everyone. */
export function useDeleteTouch(listKeys: ListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, touchId }: { row: RowRef; touchId: number }) => api(touchPath(row, touchId), { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
