import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { FormAlert } from '@/components/FormAlert/FormAlert';

export interface ContactDeleteDialogProps {
  open: boolean;
  name: string;
  /** How many lists hold the contact: it leaves every one of them. */
  listCount: number;
  deleting: boolean;
  /** Why the last try failed, if it did. */
  error?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** "Delete Ada Lovelace? It will be removed from 2 lists." */
export function deleteConfirmationText(name: string, listCount: number): string {
  if (listCount === 0) return `Delete ${name}? It is on none of your lists.`;
  return `Delete ${name}? It will be removed from ${listCount === 1 ? '1 list' : `${listCount} lists`}.`;
}

/** Asks before a private contact is deleted, saying from how many lists it goes. */
export function ContactDeleteDialog({ open, name, listCount, deleting, error, onCancel, onConfirm }: ContactDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete investor"
      description={deleteConfirmationText(name, listCount)}
      confirmLabel="Delete"
      pending={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {error && <FormAlert message={error} />}
    </ConfirmDialog>
  );
}
