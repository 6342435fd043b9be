import { useState } from 'react';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { apiErrorDetail } from '@/lib/api-client';
import { showToast } from '@/lib/toasts';
import { useLeaveList } from '../api/leave-list';
import type { ListKeys } from '../api/list-keys';

export interface LeaveListButtonProps {
  listKeys: ListKeys;
  listId: number;
  listName: string;
  ownerName: string;
  /** The member's own user id: leaving is removing oneself. */
  userId: number;
  /** Called once the list is left, to take the member off its page. */
  onLeft: () => void | Promise<void>;
}

/** A member's Leave button on a list shared with them, asking first. */
export function LeaveListButton({ listKeys, listId, listName, ownerName, userId, onLeft }: LeaveListButtonProps) {
  const leave = useLeaveList(listKeys);
  const [confirming, setConfirming] = useState(false);
  const confirmLeave = () =>
    leave.mutate(
      { listId, userId },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast(`You left ${listName}`, { variant: 'success' });
          void onLeft();
        },
        onError: (error) => showToast(apiErrorDetail(error) ?? 'Leaving the list failed. Please try again.', { variant: 'error' }),
      },
    );
  return (
    <>
      <ActionButton label="Leave" icon={<LogoutOutlinedIcon fontSize="small" />} onClick={() => setConfirming(true)} opens="dialog" />
      <ConfirmDialog
        open={confirming}
        title={`Leave ${listName}?`}
        description={`You will no longer see this list. The private contacts you put on it become ${ownerName}'s. ${ownerName} can invite you again.`}
        confirmLabel="Leave list"
        pending={leave.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmLeave}
      />
    </>
  );
}
