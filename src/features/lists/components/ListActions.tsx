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
  /** Another feature's actions after Export (Share for the owner, Leave for a member). */
  children?: ReactNode;
}

/**
 * A list page's actions: Table (Cards on a phone) or Board, then Edit, Export CSV, another feature's and Delete List
 * (the owner's) as buttons, or on a phone in a "More" menu; with their dialogs.
 */
export function ListActions({ list, view, onViewChange, canExport, onExport, children }: ListActionsProps) {
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
      {/* On a phone the rest are a "More" menu: a row of them would push the cards off the first screen. */}
      <ActionMenu collapsed={phone}>
        {owner && <ActionButton label="Edit" icon={<EditOutlinedIcon fontSize="small" />} onClick={() => setEditing(true)} opens="dialog" />}
        <ActionButton label="Export CSV" icon={<FileDownloadOutlinedIcon fontSize="small" />} disabled={!canExport} onClick={onExport} />
        {children}
        {owner && (
          <ActionButton
            label="Delete List"
            variant="delete"
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => setConfirmingDelete(true)}
            opens="dialog"
          />
        )}
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
