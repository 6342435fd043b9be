import { useEffect, useState } from 'react';
import { Alert, Box, IconButton, Typography } from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { AppButton } from '@/components/AppButton/AppButton';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { formatCount, formatCountOf, formatTimeAgo } from '@/lib/format';
import { useOnlineStatus } from '@/lib/use-online-status';
import type { UndoableImport } from '@/shared/imports';
import { useUndoableImports, useUndoImport, type ListDataKeys } from '../api/imports';
import { dismissImport, isImportDismissed } from '../import/dismissed-imports';
import { UndoImportDialog } from './UndoImportDialog';

/** "12 added from the catalogue, 2 private contacts created, 3 updated": what the import did, zeros left out. */
export function importCountsText({ added, created, updated }: UndoableImport): string {
  const parts = [
    added > 0 && `${formatCount(added)} added from the catalogue`,
    created > 0 && `${formatCountOf(created, 'private contact')} created`,
    updated > 0 && `${formatCount(updated)} updated`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'nothing added or changed';
}

/** The time now, again every minute: the banner's "2 hours ago", and its end once the undo window closes. */
function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface UndoImportBannerProps {
  listId: number;
  listKeys: ListDataKeys;
  /** The founder looking: an import of someone else's says by whom. */
  userId: number;
}

/**
 * Above an investor list's rows, for its owner and editors: the newest import still undoable (not closed on this
 * device), with Undo import after a confirmation. Read from the cache offline; undoing needs a connection.
 * Asked for after the list's first paint, which it would otherwise delay on a phone.
 */
export function UndoImportBanner(props: UndoImportBannerProps) {
  return useAfterFirstPaint() ? <LandedImportBanner {...props} /> : null;
}

function LandedImportBanner({ listId, listKeys, userId }: UndoImportBannerProps) {
  const { data: imports } = useUndoableImports(listKeys, listId);
  const undo = useUndoImport(listKeys);
  const online = useOnlineStatus();
  const now = useMinuteClock();
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const landed = imports?.find((item) => Date.parse(item.undo_until) > now && !dismissed.has(item.id) && !isImportDismissed(item.id));
  if (!landed) return null;

  const by = landed.user && landed.user.id !== userId ? ` by ${landed.user.first_name} ${landed.user.last_name}` : '';
  const close = () => {
    dismissImport(landed.id);
    setDismissed((current) => new Set(current).add(landed.id));
  };
  const confirm = () =>
    undo.mutate({ listId, importId: landed.id, fileName: landed.file_name }, { onSettled: () => setConfirming(false) });

  return (
    <Alert
      severity="info"
      role="region"
      aria-label="Recent import"
      sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      action={
        <IconButton aria-label="Close" size="small" color="inherit" onClick={close}>
          <CloseRoundedIcon fontSize="small" />
        </IconButton>
      }
    >
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Imported {landed.file_name}
        {by} {formatTimeAgo(landed.created_at, now)} · {importCountsText(landed)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        {landed.can_undo && (
          <AppButton variant="secondary" size="small" disabled={!online || undo.isPending} onClick={() => setConfirming(true)}>
            Undo import
          </AppButton>
        )}
        {landed.can_undo && !online && (
          <Typography variant="body2" color="text.secondary">
            You are offline: undoing the import needs a connection.
          </Typography>
        )}
      </Box>
      <UndoImportDialog open={confirming} landed={landed} undoing={undo.isPending} onCancel={() => setConfirming(false)} onConfirm={confirm} />
    </Alert>
  );
}
