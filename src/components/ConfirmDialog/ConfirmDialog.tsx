import type { ReactNode } from 'react';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  /** What the confirmation does, and what it costs. */
  description: ReactNode;
  /** The destructive button's text ('Delete List', 'Undo import'). */
  confirmLabel: string;
  /** The confirmed change is under way: its button spins (left out: a change that is not waited for). */
  pending?: boolean;
  /** The button that leaves things as they are ('Cancel' unless it says more). */
  cancelLabel?: string;
  /** Cancel, Close, Escape and a click beside the dialog. */
  onCancel: () => void;
  onConfirm: () => void;
  /** Below the description (why the last try failed). */
  children?: ReactNode;
}

/** Asks before a destructive change: Cancel (or what `cancelLabel` says), and the change's own button in the delete style. */
export function ConfirmDialog({ open, title, description, confirmLabel, pending, cancelLabel = 'Cancel', onCancel, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      actions={
        <>
          <AppButton variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </AppButton>
          <AppButton variant="delete" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </AppButton>
        </>
      }
    >
      {children}
    </Modal>
  );
}
