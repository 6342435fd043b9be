import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { ModalButton } from '@/components/Modal/ModalButton';
import { lazyComponent } from '@/features/offline';
import type { ListKeys } from '../api/list-keys';

const ShareDialogContent = lazyComponent(() => import('./ShareDialogContent'));

export interface ShareButtonProps {
  listKeys: ListKeys;
  listId: number;
  listName: string;
}

/** The owner's Share button on a list's page; its dialog loads when first opened. */
export function ShareButton({ listKeys, listId, listName }: ShareButtonProps) {
  return (
    <ModalButton
      label="Share"
      icon={<PersonAddAltOutlinedIcon fontSize="small" />}
      width={620}
      title={`Share ${listName}`}
      description="Editors add and remove rows, move stages, set follow-ups and amounts and add notes; viewers read and export."
    >
      {() => <ShareDialogContent listKeys={listKeys} listId={listId} listName={listName} />}
    </ModalButton>
  );
}
