// The fundraising pipeline's calls: a row's stage, follow-up and amount, its notes, the follow-ups due
// across all lists, and the lists an investor or fund is in. Changes and new notes go through the
// offline outbox (list-outbox.ts): they show at once, marked pending, and reach the server in order.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { outboxReplayer, usePendingChanges } from '@/features/offline';
import { API } from '@/shared/api-paths';
import type { ListType } from '@/shared/api-types';
import type { FollowUpRow, ListMembership, PipelineNote, PipelinePatch } from '@/shared/pipeline';
import { LISTS_KEY } from './get-lists';
import { noteEntry, pipelineChangeEntry, type RowRef } from './list-outbox';
import { rowNotesPath, rowSegment } from './list-paths';
import { followUpGroups } from '../pipeline/follow-up-groups';
import { localDate } from '../pipeline/pipeline-format';

/** Newest first. */
const byNewest = (a: PipelineNote, b: PipelineNote) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

export const notesKey = ({ listId, listType, itemId }: RowRef) => [...LISTS_KEY, listId, 'notes', listType, itemId] as const;

export const notesQueryOptions = (row: RowRef) =>
  queryOptions({
    queryKey: notesKey(row),
    queryFn: async () => (await api<PipelineNote[]>(rowNotesPath(row.listId, row.listType, row.itemId))).sort(byNewest),
  });

export function useNotes(row: RowRef) {
  return useQuery(notesQueryOptions(row));
}

export const followUpsQueryOptions = (today: string) =>
  queryOptions({
    queryKey: [...LISTS_KEY, 'follow-ups', today],
    queryFn: () => api<FollowUpRow[]>(`${API}/follow-ups`, { query: { today } }),
  });

export function useFollowUps(today = localDate()) {
  return useQuery(followUpsQueryOptions(today));
}

/** How many follow-ups are due now, overdue or today, counting changes not yet synced. */
export function useDueFollowUpCount(): number {
  const today = localDate();
  const { data } = useFollowUps(today);
  const outbox = usePendingChanges();
  if (!data) return 0;
  const groups = followUpGroups(data, outbox, today);
  return groups.overdue.length + groups.today.length;
}

export const membershipsQueryOptions = (listType: ListType, itemId: number) =>
  queryOptions({
    queryKey: [...LISTS_KEY, 'memberships', listType, itemId],
    queryFn: () => api<ListMembership[]>(`${API}/${rowSegment(listType)}/${itemId}/lists`),
  });

export function useMemberships(listType: ListType, itemId: number) {
  return useQuery(membershipsQueryOptions(listType, itemId));
}

// Queuing works offline too: these mutations must run rather than wait for the network.

/** Sets a row's stage, follow-up or amount. */
export function useChangePipeline() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ row, patch }: { row: RowRef; patch: Omit<PipelinePatch, 'changed_at'> }) =>
      outboxReplayer.add(pipelineChangeEntry(row, patch)),
  });
}

/** Adds a note to a row. */
export function useAddNote() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ row, body }: { row: RowRef; body: string }) => outboxReplayer.add(noteEntry(row, body)),
  });
}

/** Deletes one of the founder's notes (online only: a note is deleted where the server has it). */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, noteId }: { row: RowRef; noteId: number }) =>
      api(`${rowNotesPath(row.listId, row.listType, row.itemId)}/${noteId}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
