import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';

export interface DeleteListDialogProps {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a list is deleted; its texts are the product's, word for word. */
export function DeleteListDialog({ open, deleting, onCancel, onConfirm }: DeleteListDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Are you sure?"
      description="Deleting your list is permanent and arreversible."
      actions={
        <>
          <AppButton variant="secondary" onClick={onCancel}>
            Cancel
          </AppButton>
          <AppButton variant="delete" loading={deleting} onClick={onConfirm}>
            Delete List
          </AppButton>
        </>
      }
    />
  );
}
