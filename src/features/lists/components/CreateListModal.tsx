import { useNavigate } from '@tanstack/react-router';
import { toastAction } from '@/lib/toast-action';
import { showToast } from '@/lib/toasts';
import { Modal } from '@/components/Modal/Modal';
import type { ListSummary, ListType } from '@/shared/api-types';
import { lazyComponent } from '@/features/offline';

// The form, formik and yup load when the modal first opens, not with every page that has the button.
const CreateListForm = lazyComponent(() => import('../forms/CreateListForm').then((module) => ({ default: module.CreateListForm })));

export interface CreateListModalProps {
  open: boolean;
  onClose: () => void;
  /** Preset type when opened from the investors or funds toolbar. */
  defaultListType?: ListType;
  onCreated?: (list: ListSummary) => void;
}

export function CreateListModal({ open, onClose, defaultListType, onCreated }: CreateListModalProps) {
  const navigate = useNavigate();

  const handleCreated = (list: ListSummary) => {
    onClose();
    onCreated?.(list);
    showToast('List has been created', {
      variant: 'success',
      anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
      autoHideDuration: 4000,
      action: toastAction('Go to List', () => void navigate({ to: '/lists/$id', params: { id: String(list.id) } }), { fontWeight: 600 }),
    });
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      width={660}
      title="Create new list"
      description="Group the investors or funds you want to follow up with."
    >
      {/* Mounted only while open, so every opening starts from an empty form. */}
      {open && <CreateListForm defaultListType={defaultListType} onCancel={onClose} onCreated={handleCreated} />}
    </Modal>
  );
}
