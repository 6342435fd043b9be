import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';

export interface DeleteSavedSearchDialogProps {
  name: string;
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a saved search is deleted. */
export function DeleteSavedSearchDialog({ name, open, deleting, onCancel, onConfirm }: DeleteSavedSearchDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Delete saved search?"
      description={`“${name}” leaves your sidebar and its alerts stop. The investors and funds it found stay in the catalogue.`}
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
    />
  );
}
