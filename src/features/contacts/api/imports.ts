// A spreadsheet import into an investor list: the preview (matches, repeats, errors), the import itself
// (all rows or none, once per Idempotency-Key), the imports still undoable and their undo. The list's data is
// cached under the lists' keys, which the routes hand over: an import or its undo refreshes the list, its
// items, its undoable imports and the sidebar.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, apiErrorDetail } from '@/lib/api-client';
import { formatCountOf } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import {
  importPath,
  importPreviewPath,
  importsPath,
  type ImportCommitRow,
  type ImportResult,
  type ImportRow,
  type PreviewRow,
  type UndoableImport,
  type UndoResult,
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

export function getUndoableImports(listId: number): Promise<UndoableImport[]> {
  return api<UndoableImport[]>(importsPath(listId));
}

/** Under the list's key: an import landing or undone (which refresh the list's data) refreshes them too. */
export const undoableImportsQueryOptions = (listKeys: ListDataKeys, listId: number) =>
  queryOptions({ queryKey: [...listKeys.all, listId, 'imports'], queryFn: () => getUndoableImports(listId) });

export function useUndoableImports(listKeys: ListDataKeys, listId: number) {
  return useQuery(undoableImportsQueryOptions(listKeys, listId));
}

export interface UndoImportInput {
  listId: number;
  importId: number;
  /** The file's name, for the toast. */
  fileName: string;
}

export function undoImport({ listId, importId }: UndoImportInput): Promise<UndoResult> {
  return api<UndoResult>(importPath(listId, importId), { method: 'DELETE' });
}

/** "The import of tracker.csv was undone", and what it kept: rows added again since, contacts on a list or another member's. */
export function undoneText(fileName: string, { kept }: UndoResult): string {
  const keptParts = [
    kept.rows > 0 && `${formatCountOf(kept.rows, 'row')} added again since`,
    kept.contacts > 0 && `${formatCountOf(kept.contacts, 'private contact')} on another list or another member's`,
  ].filter(Boolean);
  return `The import of ${fileName} was undone${keptParts.length > 0 ? `; kept ${keptParts.join(' and ')}` : ''}`;
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

/** Undo import, from the wizard's last step or the list's banner: says in a toast how it went. */
export function useUndoImport(listKeys: ListDataKeys) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (answer, { fileName }) => showToast(undoneText(fileName, answer), { variant: 'success' }),
    onError: (error) => showToast(apiErrorDetail(error) ?? 'The import could not be undone. Please try again.', { variant: 'error' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
