import { Suspense } from 'react';
import { Box, CircularProgress } from '@mui/material';
import { Modal } from '@/components/Modal/Modal';
import { lazyComponent } from '@/features/offline';
import type { LogTouchDialogProps } from './LogTouchDialog';

// The form (formik, yup, the pickers) loads when a touch is first logged, not with the list page.
const LogTouchDialog = lazyComponent(() => import('./LogTouchDialog'));

export interface LazyLogTouchDialogProps {
  /** The row a touch is being logged on; the dialog is open while this is set. */
  row: LogTouchDialogProps['row'] | null;
  onClose: () => void;
}

/** The Log a touch dialog, its code loaded when it first opens. */
export function LazyLogTouchDialog({ row, onClose }: LazyLogTouchDialogProps) {
  if (row === null) return null;
  return (
    <Suspense
      fallback={
        <Modal open onClose={onClose} title="Log a touch">
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
            <CircularProgress size={28} aria-label="Loading" />
          </Box>
        </Modal>
      }
    >
      <LogTouchDialog key={`${row.listId}:${row.listType}:${row.itemId}`} row={row} onClose={onClose} />
    </Suspense>
  );
}
