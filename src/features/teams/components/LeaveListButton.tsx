import { useState } from 'react';
import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';
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
  const [asking, setAsking] = useState(false);
  const leave = useLeaveList(listKeys);
  return (
    <>
      <AppButton variant="secondary" startIcon={<LogoutOutlinedIcon fontSize="small" />} onClick={() => setAsking(true)}>
        Leave
      </AppButton>
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={`Leave ${listName}?`}
        description={`You will no longer see this list. ${ownerName} can invite you again.`}
        actions={
          <>
            <AppButton variant="secondary" onClick={() => setAsking(false)}>
              Cancel
            </AppButton>
            <AppButton
              variant="delete"
              loading={leave.isPending}
              onClick={() =>
                leave.mutate(
                  { listId, userId },
                  {
                    onSuccess: () => {
                      setAsking(false);
                      showToast(`You left ${listName}`, { variant: 'success' });
                      void onLeft();
                    },
                    onError: (error) =>
                      showToast(apiErrorDetail(error) ?? 'Leaving the list failed. Please try again.', { variant: 'error' }),
                  },
                )
              }
            >
              Leave list
            </AppButton>
          </>
        }
      />
    </>
  );
}
