import LogoutOutlinedIcon from '@mui/icons-material/LogoutOutlined';
import { AppButton } from '@/components/AppButton/AppButton';
import { ModalButton } from '@/components/Modal/ModalButton';
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
  return (
    <ModalButton
      label="Leave"
      icon={<LogoutOutlinedIcon fontSize="small" />}
      title={`Leave ${listName}?`}
      description={`You will no longer see this list. The private contacts you put on it become ${ownerName}'s. ${ownerName} can invite you again.`}
      actions={(close) => (
        <>
          <AppButton variant="secondary" onClick={close}>
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
                    close();
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
      )}
    />
  );
}
