import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { Modal } from '@/components/Modal/Modal';

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
    <Modal
      open={open}
      onClose={onCancel}
      title="Delete investor"
      description={deleteConfirmationText(name, listCount)}
      actions={
        <>
          <AppButton variant="secondary" onClick={onCancel}>
            Cancel
          </AppButton>
          <AppButton variant="delete" loading={deleting} onClick={onConfirm}>
            Delete
          </AppButton>
        </>
      }
    >
      {error && <FormAlert message={error} />}
    </Modal>
  );
}
