// A spreadsheet import into an investor list: the preview (matches, repeats, errors), the import itself
// (all rows or none, once per Idempotency-Key) and its undo. The list's data is cached under the lists'
// keys, which the routes hand over: an import or its undo refreshes the list, its items and the sidebar.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  importPath,
  importPreviewPath,
  importsPath,
  type ImportCommitRow,
  type ImportResult,
  type ImportRow,
  type PreviewRow,
} from '@/shared/imports';

/** The key every query of list data starts with (the lists feature's, handed over by the route). */
export interface ListDataKeys {
  all: QueryKey;
}

export function previewImport(listId: number, rows: ImportRow[]): Promise<PreviewRow[]> {
  return api<{ rows: PreviewRow[] }>(importPreviewPath(listId), { method: 'POST', body: { rows } }).then((answer) => answer.rows);
}

export interface CommitImportInput {
  listId: number;
  fileName: string;
  rows: ImportCommitRow[];
  /** The same key for every attempt of the same rows: a retry after a lost answer lands once. */
  idempotencyKey: string;
}

export function commitImport({ listId, fileName, rows, idempotencyKey }: CommitImportInput): Promise<ImportResult> {
  return api<ImportResult>(importsPath(listId), {
    method: 'POST',
    body: { file_name: fileName, rows },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function undoImport({ listId, importId }: { listId: number; importId: number }): Promise<void> {
  return api<void>(importPath(listId, importId), { method: 'DELETE' });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: ({ listId, rows }: { listId: number; rows: ImportRow[] }) => previewImport(listId, rows) });
}

export function useCommitImport(listKeys: ListDataKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}

export function useUndoImport(listKeys: ListDataKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
