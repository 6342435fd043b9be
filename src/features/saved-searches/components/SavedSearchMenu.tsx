import { useId, useState } from 'react';
import { Divider, IconButton, ListItemIcon, ListItemText, ListSubheader, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FiberNewOutlinedIcon from '@mui/icons-material/FiberNewOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useMatchRoute, useNavigate } from '@tanstack/react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { showToast } from '@/lib/toasts';
import { SAVED_SEARCH_ALERT_LABELS, SAVED_SEARCH_ALERTS, type SavedSearch, type SavedSearchAlert } from '@/shared/saved-searches';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { ChangeRefusedError } from '@/features/offline';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { RenameSavedSearchDialog } from './RenameSavedSearchDialog';
import { reportOutcome } from './report-outcome';

const refused = (name: string) => (error: unknown) =>
  showToast(`“${name}” could not be changed: ${error instanceof ChangeRefusedError ? error.message : 'please try again'}`, {
    variant: 'error',
  });

/** A saved search's actions in the sidebar: see what is new, rename, choose its alert, delete. */
export function SavedSearchMenu({ saved }: { saved: SavedSearch }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const menuId = useId();
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  const change = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const close = () => setAnchor(null);

  const chooseAlert = (alert: SavedSearchAlert) => {
    close();
    if (alert === saved.alert) return;
    change.mutateAsync({ saved, change: { alert } }).then(
      (outcome) => reportOutcome(outcome, `Alerts for “${saved.name}”: ${SAVED_SEARCH_ALERT_LABELS[alert].toLowerCase()}`),
      refused(saved.name),
    );
  };

  const confirmDelete = () => {
    remove.mutateAsync(saved).then((outcome) => {
      setDialog(null);
      reportOutcome(outcome, `Deleted “${saved.name}”`);
      // Its page of new rows has nothing left to show.
      if (matchRoute({ to: '/saved-searches/$id', params: { id: saved.id } })) void navigate({ to: `/${saved.kind}` });
    }, refused(saved.name));
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${saved.name}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary' }}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { dense: true } }}>
        <MenuItem
          onClick={() => {
            close();
            void navigate({ to: '/saved-searches/$id', params: { id: saved.id } });
          }}
        >
          <ListItemIcon>
            <FiberNewOutlinedIcon fontSize="small" />
          </ListItemIcon>
          See what’s new
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            setDialog('rename');
          }}
        >
          <ListItemIcon>
            <DriveFileRenameOutlineIcon fontSize="small" />
          </ListItemIcon>
          Rename…
        </MenuItem>
        <Divider />
        {/* Heard as part of each choice's name instead ('Alert: Daily'). */}
        <ListSubheader component="div" aria-hidden sx={{ lineHeight: 2, bgcolor: 'transparent' }}>
          Alert
        </ListSubheader>
        {SAVED_SEARCH_ALERTS.map((alert) => (
          <MenuItem
            key={alert}
            role="menuitemradio"
            aria-checked={alert === saved.alert}
            aria-label={`Alert: ${SAVED_SEARCH_ALERT_LABELS[alert]}`}
            onClick={() => chooseAlert(alert)}
          >
            <ListItemIcon>{alert === saved.alert && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{SAVED_SEARCH_ALERT_LABELS[alert]}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            setDialog('delete');
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineIcon fontSize="small" />
          </ListItemIcon>
          Delete…
        </MenuItem>
      </Menu>
      <RenameSavedSearchDialog saved={saved} open={dialog === 'rename'} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title="Delete saved search?"
        description={`“${saved.name}” leaves your sidebar and its alerts stop. The investors and funds it found stay in the catalogue.`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
