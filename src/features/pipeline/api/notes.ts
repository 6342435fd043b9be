// A row's notes: read online, added through the offline outbox (shown at once, marked pending, sent
// in order), deleted online only (a note is deleted where the server has it).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import { api } from '@/lib/api-client';
import { rowNotesPath } from '@/shared/list-paths';
import { NOTES_PAGE_MAX, type PipelineNote } from '@/shared/pipeline';
import type { ListKeys } from './list-keys';
import { newestFirst } from './newest-first';
import { noteEntry, type RowRef } from './pipeline-outbox';

/** Every note of the row, page after page (a full page may have another after it). */
async function allNotes(row: RowRef): Promise<PipelineNote[]> {
  const notes: PipelineNote[] = [];
  for (;;) {
    const before = notes.at(-1)?.id;
    const query = { limit: NOTES_PAGE_MAX, ...(before !== undefined && { before }) };
    const page = await api<PipelineNote[]>(rowNotesPath(row.listId, row.listType, row.itemId), { query });
    notes.push(...page);
    if (page.length < NOTES_PAGE_MAX) return notes;
  }
}

export const notesQueryOptions = (listKeys: ListKeys, row: RowRef) =>
  queryOptions({
    queryKey: [...listKeys.all, row.listId, 'notes', row.listType, row.itemId],
    queryFn: async () => (await allNotes(row)).sort(newestFirst('created_at')),
  });

export function useNotes(listKeys: ListKeys, row: RowRef) {
  return useQuery(notesQueryOptions(listKeys, row));
}

/** Adds a note to a row; queuing works offline too, so the mutation runs rather than wait for the network. */
export function useAddNote() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ row, body }: { row: RowRef; body: string }) => outboxReplayer.add(noteEntry(row, body)),
  });
}

/** Deletes one of the founder's notes. */
export function useDeleteNote(listKeys: ListKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ row, noteId }: { row: RowRef; noteId: number }) =>
      api(`${rowNotesPath(row.listId, row.listType, row.itemId)}/${noteId}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
