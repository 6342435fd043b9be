import { useState, type ReactNode } from 'react';
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ActionButton } from '@/components/ActionMenu/ActionButton';
import { ActionMenu } from '@/components/ActionMenu/ActionMenu';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { usePhoneLayout } from '@/lib/use-phone-layout';
import type { ListSummary } from '@/shared/api-types';
import { canManageList } from '@/shared/teams';
import { forgetList, useDeleteList } from '../api/delete-list';
import type { ListViewMode } from '../list-view-mode';
import { EditListModal } from './EditListModal';

export interface ListActionsProps {
  list: ListSummary;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
  canExport: boolean;
  onExport: () => void;
  /** Other features' everyday actions (Add an investor; Share for the owner, Leave for a member). */
  children?: ReactNode;
  /** Other features' rare actions, in "More" between Export CSV and Delete List (Import…). */
  more?: ReactNode;
}

/**
 * A list page's actions: Table (Cards on a phone) or Board, then other features' everyday actions as buttons, and
 * Edit (the owner's), Export CSV, other features' rare ones and Delete List (the owner's) in a "More" menu (on a
 * phone, all of them); with their dialogs.
 */
export function ListActions({ list, view, onViewChange, canExport, onExport, children, more }: ListActionsProps) {
  const owner = canManageList(list.role);
  const phone = usePhoneLayout();
  // Below 768 px the rows are cards, not a table.
  const rowsLabel = phone ? 'Cards' : 'Table';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteList = useDeleteList();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [editing, setEditing] = useState(false);

  const confirmDelete = () =>
    deleteList.mutate(list.id, {
      onSuccess: async () => {
        await navigate({ to: '/investors' });
        forgetList(queryClient, list.id);
      },
      // A failed delete is silent and the page stays.
      onError: () => setConfirmingDelete(false),
    });

  return (
    <Box sx={{ display: 'flex', flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={view}
        onChange={(_event, next: ListViewMode | null) => next && onViewChange(next)}
        aria-label="View"
      >
        <ToggleButton value="table" sx={{ px: 1.5, gap: 0.75 }}>
          <TableRowsOutlinedIcon fontSize="small" />
          {rowsLabel}
        </ToggleButton>
        <ToggleButton value="board" sx={{ px: 1.5, gap: 0.75 }}>
          <ViewKanbanOutlinedIcon fontSize="small" />
          Board
        </ToggleButton>
      </ToggleButtonGroup>
      {/* The everyday actions in the row, the rare and destructive ones in "More"; on a phone all of them are in
          "More": a row of them would push the cards off the first screen. */}
      <ActionMenu
        collapsed={phone}
        more={
          <>
            {owner && <ActionButton label="Edit" icon={<EditOutlinedIcon fontSize="small" />} onClick={() => setEditing(true)} opens="dialog" />}
            <ActionButton label="Export CSV" icon={<FileDownloadOutlinedIcon fontSize="small" />} disabled={!canExport} onClick={onExport} />
            {more}
            {owner && (
              <ActionButton
                label="Delete List"
                variant="delete"
                icon={<DeleteOutlineIcon fontSize="small" />}
                onClick={() => setConfirmingDelete(true)}
                opens="dialog"
              />
            )}
          </>
        }
      >
        {children}
      </ActionMenu>
      {owner && (
        <>
          <ConfirmDialog
            open={confirmingDelete}
            title="Are you sure?"
            description="Deleting your list is permanent and arreversible."
            confirmLabel="Delete List"
            pending={deleteList.isPending}
            onCancel={() => setConfirmingDelete(false)}
            onConfirm={confirmDelete}
          />
          <EditListModal open={editing} onClose={() => setEditing(false)} list={list} />
        </>
      )}
    </Box>
  );
}
