import { showToast } from '@/lib/toasts';
import { Modal } from '@/components/Modal/Modal';
import type { ListSummary } from '@/shared/api-types';
import { lazyComponent } from '@/features/offline';

const EditListForm = lazyComponent(() => import('../forms/EditListForm').then((module) => ({ default: module.EditListForm })));

export function EditListModal({ open, onClose, list }: { open: boolean; onClose: () => void; list: ListSummary }) {
  return (
    <Modal open={open} onClose={onClose} width={660} title="Edit list" description="Rename the list or change its description.">
      {open && (
        <EditListForm
          list={list}
          onCancel={onClose}
          onSaved={() => {
            onClose();
            showToast('List has been updated', { variant: 'success' });
          }}
        />
      )}
    </Modal>
  );
}
