import { useSnackbar } from 'notistack';
import { Modal } from '@/components/Modal/Modal';
import type { ListSummary } from '@/shared/api-types';
import { EditListForm } from '../forms/EditListForm';

export function EditListModal({ open, onClose, list }: { open: boolean; onClose: () => void; list: ListSummary }) {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Modal open={open} onClose={onClose} width={660} title="Edit list" description="Rename the list or change its description.">
      {open && (
        <EditListForm
          list={list}
          onCancel={onClose}
          onSaved={() => {
            onClose();
            enqueueSnackbar('List has been updated', { variant: 'success' });
          }}
        />
      )}
    </Modal>
  );
}
