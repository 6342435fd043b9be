import { Suspense, useState } from 'react';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import { lazyComponent } from '@/features/offline';
import type { ListDataKeys } from '../api/imports';
import type { ImportList } from './ImportWizard';

const ImportWizard = lazyComponent(() => import('./ImportWizard'));

export interface ImportButtonProps {
  list: ImportList;
  listKeys: ListDataKeys;
}

/** An investor list's Import… (for its owner and editors): the import wizard into this list, loaded when opened. */
export function ImportButton({ list, listKeys }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionButton label="Import…" icon={<UploadFileOutlinedIcon fontSize="small" />} onClick={() => setOpen(true)} opens="dialog" />
      {open && (
        <Suspense fallback={null}>
          <ImportWizard open onClose={() => setOpen(false)} target={{ list }} listKeys={listKeys} />
        </Suspense>
      )}
    </>
  );
}
