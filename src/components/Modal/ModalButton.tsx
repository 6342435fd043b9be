import { useState, type ReactNode } from 'react';
import { IconButton } from '@mui/material';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import { Modal, type ModalProps } from './Modal';

export interface ModalButtonProps extends Pick<ModalProps, 'title' | 'description' | 'width'> {
  /** The button's text. */
  label: string;
  /** The icon before the text. */
  icon: ReactNode;
  /** The dialog's body, mounted only while it is open: lazy content loads when first opened. */
  children?: (close: () => void) => ReactNode;
  /** Buttons in the dialog's footer. */
  actions?: (close: () => void) => ReactNode;
  /** Only the icon, the text as its name (beside a phone's heading). */
  iconOnly?: boolean;
}

/** A secondary button (or, in an ActionMenu, an item) that opens a dialog; `close` is handed to the dialog's body and footer. */
export function ModalButton({ label, icon, children, actions, iconOnly = false, ...modal }: ModalButtonProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {iconOnly ? (
        <IconButton aria-label={label} title={label} onClick={() => setOpen(true)} aria-haspopup="dialog" sx={{ border: 1, borderColor: 'divider' }}>
          {icon}
        </IconButton>
      ) : (
        <ActionButton label={label} icon={icon} onClick={() => setOpen(true)} opens="dialog" />
      )}
      <Modal {...modal} open={open} onClose={close} actions={actions?.(close)}>
        {open && children?.(close)}
      </Modal>
    </>
  );
}
