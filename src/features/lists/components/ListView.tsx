import { useMemo, useState } from 'react';
import { Box, Breadcrumbs, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { closeToast, showToast } from '@/lib/toasts';
import { AppButton } from '@/components/AppButton/AppButton';
import { AppDataGrid, type TableColumn } from '@/components/DataGrid';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { SearchField } from '@/components/SearchField';
import { apiErrorDetail } from '@/lib/api-client';
import { pendingItemsOf, usePendingAdditions } from '@/lib/outbox-hooks';
import { useAddToLists } from '../api/add-to-list';
import { forgetList, useDeleteList } from '../api/delete-list';
import { useList } from '../api/get-list';
import { useListItems, type ListItem } from '../api/get-list-items';
import { useRemoveFromList } from '../api/remove-from-list';
import { csvFileName, downloadCsv, toCsv } from '../csv';
import { DeleteListDialog } from './DeleteListDialog';
import { EditListModal } from './EditListModal';
import { ListEmptyState } from './ListEmptyState';
import { itemCount } from './item-noun';

/** All of a list's rows are here; the grid shows them this many to a page (its most without a licence). */
const LIST_PAGE_SIZE = 100;

export interface ListViewProps<R extends ListItem> {
  listId: number;
  /** The columns of the list's type (investor or fund). */
  columns: readonly TableColumn<R>[];
  /** How a row is named in messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
}

/** A saved list (SPEC §2): its rows, a search over them, rename, remove, export and delete. */
export function ListView<R extends ListItem>({ listId, columns, itemName }: ListViewProps<R>) {
  const { data: list } = useList(listId);
  // The list's type decides the shape of its rows, and the caller's columns are chosen by that type.
  const saved = useListItems(listId).data as R[];
  // Rows added offline (or not confirmed yet) show at once, marked pending, until the server has them.
  const outbox = usePendingAdditions();
  const pending = useMemo(() => pendingItemsOf<R>(outbox, listId, saved.map((item) => item.id)), [outbox, listId, saved]);
  const pendingIds = useMemo(() => new Set(pending.map((item) => item.id)), [pending]);
  const items = useMemo(() => [...saved, ...pending], [saved, pending]);
  usePageTitle(list.name);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteList = useDeleteList();
  const removeFromList = useRemoveFromList();
  const addToLists = useAddToLists();
  const [term, setTerm] = useState('');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [editing, setEditing] = useState(false);

  const remove = (row: R) => {
    const name = itemName(row);
    removeFromList.mutate(
      { listId, listType: list.list_type, itemId: row.id },
      {
        onSuccess: () =>
          showToast(`Removed ${name} from ${list.name}`, {
            action: (key) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeToast(key);
                  addToLists.mutate({ listIds: [listId], listType: list.list_type, items: [row] });
                }}
              >
                Undo
              </Button>
            ),
          }),
        onError: (error) =>
          showToast(apiErrorDetail(error) ?? `${name} could not be removed. Please try again.`, { variant: 'error' }),
      },
    );
  };

  const tableColumns: TableColumn<R>[] = [
    {
      field: '__remove',
      headerName: '',
      width: 60,
      hideable: false,
      sortable: false,
      text: () => '',
      render: (row, { tabIndex }) =>
        pendingIds.has(row.id) ? (
          <Tooltip title="Pending: saved to the list once you are back online" describeChild>
            <CloudUploadOutlinedIcon fontSize="small" color="action" titleAccess={`${itemName(row)}: pending sync`} />
          </Tooltip>
        ) : (
          <Tooltip title="Remove from list">
            <IconButton
              size="small"
              aria-label={`Remove ${itemName(row)} from list`}
              tabIndex={tabIndex}
              disabled={removeFromList.isPending}
              onClick={() => remove(row)}
            >
              <RemoveCircleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    },
    ...columns,
  ];

  const confirmDelete = () =>
    deleteList.mutate(listId, {
      onSuccess: async () => {
        await navigate({ to: '/investors' });
        forgetList(queryClient, listId);
      },
      // SPEC §8: a failed delete is silent and the page stays.
      onError: () => setConfirmingDelete(false),
    });

  return (
    <Box>
      <Breadcrumbs separator={<NavigateNextIcon fontSize="small" />} aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Lists
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.primary', fontWeight: 500 }} aria-current="page">
          {list.name}
        </Typography>
      </Breadcrumbs>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' }, mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, overflowWrap: 'anywhere' }}>
              {list.name}
            </Typography>
            <Chip
              size="small"
              label={`${list.list_type === 'investor' ? 'Investor' : 'Fund'} list · ${itemCount(list.list_type, items.length)}${pending.length > 0 ? ` · ${pending.length} pending` : ''}`}
            />
          </Stack>
          {list.description && (
            <Typography variant="subtitle1" component="p" sx={{ mt: 1, maxWidth: 720 }}>
              {list.description}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexShrink: 0, flexWrap: 'wrap', gap: 1 }}>
          <AppButton variant="secondary" startIcon={<EditOutlinedIcon fontSize="small" />} onClick={() => setEditing(true)}>
            Edit
          </AppButton>
          <AppButton
            variant="secondary"
            startIcon={<FileDownloadOutlinedIcon fontSize="small" />}
            disabled={items.length === 0}
            onClick={() => downloadCsv(csvFileName(list.name), toCsv(columns, items))}
          >
            Export CSV
          </AppButton>
          <AppButton variant="delete" startIcon={<DeleteOutlineIcon fontSize="small" />} onClick={() => setConfirmingDelete(true)}>
            Delete List
          </AppButton>
        </Box>
      </Stack>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <AppDataGrid
          label={list.name}
          tableId={`list:${list.list_type}`}
          rows={items}
          columns={tableColumns}
          minColumnWidth={60}
          maxColumnWidth={500}
          pageSize={LIST_PAGE_SIZE}
          sortable
          quickSearch={term}
          onRowOpen={(row) =>
            void navigate(
              list.list_type === 'investor'
                ? { to: '/investor/$id', params: { id: String(row.id) } }
                : { to: '/fund/$id', params: { id: String(row.id) } },
            )
          }
          toolbarStart={
            <SearchField
              label="Search this list"
              placeholder="Search this list"
              value={term}
              onCommit={setTerm}
              sx={{ width: { xs: '100%', md: 380 } }}
            />
          }
          noRows={<ListEmptyState />}
          noResults={
            <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
              Nothing in this list matches “{term}”.
            </Typography>
          }
        />
      </Paper>
      <DeleteListDialog
        open={confirmingDelete}
        deleting={deleteList.isPending}
        onCancel={() => setConfirmingDelete(false)}
        onConfirm={confirmDelete}
      />
      <EditListModal open={editing} onClose={() => setEditing(false)} list={list} />
    </Box>
  );
}
