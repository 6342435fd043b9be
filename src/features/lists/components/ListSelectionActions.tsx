import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { showToast } from '@/lib/toasts';
import { AppButton } from '@/components/AppButton/AppButton';
import { apiErrorDetail } from '@/lib/api-client';
import type { ListType } from '@/shared/api-types';
import { canEditRows } from '@/shared/teams';
import { useAddToLists } from '../api/add-to-list';
import type { AddedRow } from '../api/list-outbox';
import { useLists } from '../api/get-lists';
import { AddToListsDialog } from './AddToListsDialog';
import { CreateListModal } from './CreateListModal';
import { itemCount } from './item-noun';

export interface ListSelectionActionsProps {
  listType: ListType;
  /** The selected rows, kept with each addition so a queued one shows in its list at once. */
  selected: AddedRow[];
  /** In a phone's selection bar, which says how many are selected itself. */
  inBar?: boolean;
}

/**
 * The table toolbar's list actions: with rows selected, 'add to {list name}' per list of the
 * page's type and 'Add to lists'; 'Create New List' (type preset) always.
 */
export function ListSelectionActions({ listType, selected, inBar = false }: ListSelectionActionsProps) {
  const lists = useLists();
  const addToLists = useAddToLists();
  const [creating, setCreating] = useState(false);
  const [picking, setPicking] = useState(false);
  // A viewer adds nothing to a list shared with them.
  const ofType = (lists.data ?? []).filter((list) => list.list_type === listType && canEditRows(list.role));
  const hasSelection = selected.length > 0;

  const add = (listIds: number[]) => {
    const names = ofType.filter((list) => listIds.includes(list.id)).map((list) => list.name);
    addToLists.mutate(
      { listIds, listType, items: selected },
      {
        onSuccess: (result) => {
          setPicking(false);
          const where = names.length === 1 ? names[0] : `${names.length} lists`;
          const rows = itemCount(listType, selected.length);
          // A refused addition is reported by the outbox with the server's reason.
          if (result.queued > 0) {
            showToast(`No connection: ${rows} will be added to ${where} once you are back online`, { variant: 'info' });
          } else if (result.synced > 0) {
            showToast(`Added ${rows} to ${where}`, { variant: 'success' });
          }
        },
        onError: (error) =>
          showToast(apiErrorDetail(error) ?? 'The rows could not be added. Please try again.', { variant: 'error' }),
      },
    );
  };

  return (
    <Box
      role="toolbar"
      aria-label="List actions"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: inBar ? 'flex-start' : 'flex-end', flexBasis: inBar ? '100%' : undefined }}
    >
      {hasSelection && (
        <>
          {!inBar && (
            <Typography variant="body2" sx={{ fontWeight: 600, mr: 0.5 }} aria-live="polite">
              {selected.length} selected
            </Typography>
          )}
          {ofType.map((list) => (
            <AppButton
              key={list.id}
              variant="secondary"
              size="small"
              disabled={addToLists.isPending}
              onClick={() => add([list.id])}
              startIcon={<AddIcon fontSize="small" />}
              sx={{ maxWidth: inBar ? '100%' : 220 }}
            >
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                add to {list.name}
              </Box>
            </AppButton>
          ))}
          <AppButton
            variant="secondary"
            size="small"
            disabled={addToLists.isPending}
            onClick={() => setPicking(true)}
            startIcon={<PlaylistAddIcon fontSize="small" />}
          >
            Add to lists
          </AppButton>
        </>
      )}
      <AppButton size="small" onClick={() => setCreating(true)} startIcon={<AddIcon fontSize="small" />}>
        Create New List
      </AppButton>
      <CreateListModal open={creating} onClose={() => setCreating(false)} defaultListType={listType} />
      <AddToListsDialog
        open={picking}
        onClose={() => setPicking(false)}
        listType={listType}
        lists={ofType}
        selectedCount={selected.length}
        adding={addToLists.isPending}
        onAdd={add}
      />
    </Box>
  );
}
