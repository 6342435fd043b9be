import { lazy, useState } from 'react';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { AppButton } from '@/components/AppButton/AppButton';
import { Modal } from '@/components/Modal/Modal';
import type { ListKeys } from '../api/list-keys';

const ShareDialogContent = lazy(() => import('./ShareDialogContent'));

export interface ShareButtonProps {
  listKeys: ListKeys;
  listId: number;
  listName: string;
}

/** The owner's Share button on a list's page; its dialog loads when first opened. */
export function ShareButton({ listKeys, listId, listName }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <AppButton variant="secondary" startIcon={<PersonAddAltOutlinedIcon fontSize="small" />} onClick={() => setOpen(true)}>
        Share
      </AppButton>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        width={620}
        title={`Share ${listName}`}
        description="Editors add and remove rows, move stages, set follow-ups and amounts and add notes; viewers read and export."
      >
        {open && <ShareDialogContent listKeys={listKeys} listId={listId} listName={listName} />}
      </Modal>
    </>
  );
}
