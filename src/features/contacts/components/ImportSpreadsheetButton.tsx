import { Suspense, useState } from 'react';
import { Button } from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { lazyComponent } from '@/features/offline';
import type { ListDataKeys } from '../api/imports';
import type { ImportList } from './ImportWizard';

const ImportWizard = lazyComponent(() => import('./ImportWizard'));

export interface ImportSpreadsheetButtonProps {
  /** Makes the new investor list, named after the file (the lists feature's, handed over by the route). */
  createList: (name: string) => Promise<ImportList>;
  /** Deletes that list again when the wizard closes before any row landed in it. */
  discardList: (list: ImportList) => Promise<unknown>;
  listKeys: ListDataKeys;
  /** When the wizard closes after the rows landed: open the new list. */
  onImported: (list: ImportList) => void;
}

/** The sidebar's Import a spreadsheet: the import wizard into a new investor list, loaded when opened. */
export function ImportSpreadsheetButton({ createList, discardList, listKeys, onImported }: ImportSpreadsheetButtonProps) {
  const [open, setOpen] = useState(false);
  const [landedIn, setLandedIn] = useState<ImportList | null>(null);
  // Not before it closes: on a phone the sidebar is a drawer, which a new page closes, and the wizard with it.
  const close = () => {
    setOpen(false);
    setLandedIn(null);
    if (landedIn) onImported(landedIn);
  };
  return (
    <>
      <Button
        startIcon={<UploadFileOutlinedIcon />}
        size="small"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        sx={{ ml: 0.5, textTransform: 'none', fontWeight: 600 }}
      >
        Import a spreadsheet
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportWizard open onClose={close} target={{ createList, discardList }} listKeys={listKeys} onImported={setLandedIn} />
        </Suspense>
      )}
    </>
  );
}
