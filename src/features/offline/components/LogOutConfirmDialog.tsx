import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';

export interface LogOutConfirmDialogProps {
  /** How many changes (list additions, pipeline changes, notes) are not on the server yet; the dialog is open while this is set. */
  pendingCount: number | null;
  onStay: () => void;
  onLogOut: () => void;
}

/** Asked before a logout that would lose changes made offline and not synced yet. */
export function LogOutConfirmDialog({ pendingCount, onStay, onLogOut }: LogOutConfirmDialogProps) {
  const count = pendingCount ?? 0;
  const changes = count === 1 ? '1 change to your lists is' : `${count} changes to your lists are`;
  return (
    <ConfirmDialog
      open={pendingCount !== null}
      title="Log out with unsynced changes?"
      description={`${changes} not synced yet. They are sent when you are back online; if you log out now, they are lost.`}
      cancelLabel="Stay logged in"
      confirmLabel="Log out anyway"
      onCancel={onStay}
      onConfirm={onLogOut}
    />
  );
}
