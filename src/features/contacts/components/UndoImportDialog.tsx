import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { formatCount, formatCountOf } from '@/lib/format';
import type { OthersWork, UndoableImport } from '@/shared/imports';

/** "Bob Noyce's 2 notes and 1 change": what another member did on the rows, which goes with them. */
function othersWorkText({ user, notes, changes }: OthersWork): string {
  const parts = [notes > 0 && formatCountOf(notes, 'note'), changes > 0 && formatCountOf(changes, 'change')].filter(Boolean);
  return `${user.first_name} ${user.last_name}'s ${parts.join(' and ')}`;
}

/**
 * "Undo the import of tracker.csv? It removes the 12 investors it added and puts back the 3 it changed." and, when
 * other members worked on those rows, "It also deletes Bob Noyce's 2 notes and 1 change on them."
 */
export function undoConfirmationText({ file_name, added, created, updated, others_work }: UndoableImport): string {
  const removes = added + created > 0 ? `removes the ${formatCountOf(added + created, 'investor')} it added` : 'adds nothing';
  const putsBack = updated > 0 ? ` and puts back the ${formatCount(updated)} it changed` : '';
  const others = others_work.length > 0 ? ` It also deletes ${others_work.map(othersWorkText).join('; ')} on them.` : '';
  return `Undo the import of ${file_name}? It ${removes}${putsBack}.${others}`;
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
