import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import type { UndoableImport } from '@/shared/imports';

const investors = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'investor' : 'investors'}`;

/** "Undo the import of tracker.csv? It removes the 12 investors it added and puts back the 3 it changed." */
export function undoConfirmationText({ file_name, added, created, updated }: UndoableImport): string {
  const removes = added + created > 0 ? `removes the ${investors(added + created)} it added` : 'adds nothing';
  const putsBack = updated > 0 ? ` and puts back the ${updated.toLocaleString('en-US')} it changed` : '';
  return `Undo the import of ${file_name}? It ${removes}${putsBack}.`;
}

export interface UndoImportDialogProps {
  open: boolean;
  landed: UndoableImport;
  undoing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an import is undone from the list's page, saying what goes and what comes back. */
export function UndoImportDialog({ open, landed, undoing, onCancel, onConfirm }: UndoImportDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Undo import"
      description={undoConfirmationText(landed)}
      confirmLabel="Undo import"
      pending={undoing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
