import { useMemo, useState, type ReactNode } from 'react';
import {
  Box,
  Breadcrumbs,
  Button,
  Chip,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import TableRowsOutlinedIcon from '@mui/icons-material/TableRowsOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { closeToast, showToast } from '@/lib/toasts';
import { AppButton } from '@/components/AppButton/AppButton';
import { AppDataGrid, type TableColumn } from '@/components/DataGrid';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { SearchField } from '@/components/SearchField';
import { apiErrorDetail } from '@/lib/api-client';
import { usePendingChanges } from '@/features/offline';
import { PIPELINE_STAGE_LABELS, PIPELINE_STAGES, type PipelineNote, type PipelineStage } from '@/shared/pipeline';
import { useAddToLists } from '../api/add-to-list';
import { forgetList, useDeleteList } from '../api/delete-list';
import { useList } from '../api/get-list';
import type { ListItem } from '@/shared/api-types';
import { useListItems } from '../api/get-list-items';
import { pendingItemsOf } from '../api/list-outbox';
import { notesQueryOptions, useChangePipeline } from '../api/pipeline';
import { useRemoveFromList } from '../api/remove-from-list';
import { csvFileName, downloadCsv, pipelineCsvColumns, toCsv } from '../csv';
import { FollowUpAmountDialog } from '../pipeline/FollowUpAmountDialog';
import { PipelineBoard } from '../pipeline/PipelineBoard';
import { pipelineColumns, type PipelineRow } from '../pipeline/pipeline-columns';
import { shownNotes, shownPipeline, type ShownNote } from '../pipeline/pending-pipeline';
import type { ListViewMode } from '../list-view-mode';
import { DeleteListDialog } from './DeleteListDialog';
import { EditListModal } from './EditListModal';
import { ListEmptyState } from './ListEmptyState';
import { itemCount } from './item-noun';

function NothingAtStage({ stage }: { stage: PipelineStage }) {
  return (
    <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      Nothing in this list is at {PIPELINE_STAGE_LABELS[stage]}.
    </Typography>
  );
}

/** All of a list's rows are here; the grid shows them this many to a page (its most without a licence). */
const LIST_PAGE_SIZE = 100;

export interface ListViewProps<R extends ListItem> {
  listId: number;
  /** The columns of the list's type (investor or fund). */
  columns: readonly TableColumn<R>[];
  /** How a row is named in messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** The firm shown under the name on a board card. */
  firmName: (row: R) => string;
  /** The row's name as a link to its detail page (on a board card). */
  renderNameLink: (row: R) => ReactNode;
  /** The row's fit score on a board card, when the founder has a profile (the table has it as a column). */
  renderScore?: (row: R) => ReactNode;
  view: ListViewMode;
  onViewChange: (view: ListViewMode) => void;
}

/** A row as the page shows it: with its pipeline, pending changes laid over. */
type ShownRow<R> = R & PipelineRow & { pendingNotes: ShownNote[] };

/**
 * A saved list: its rows with their place in the raise (stage, follow-up, amount, latest note) as a
 * table or a board, a search and a stage filter over them, rename, remove, export and delete.
 */
export function ListView<R extends ListItem>({
  listId,
  columns,
  itemName,
  firmName,
  renderNameLink,
  renderScore,
  view,
  onViewChange,
}: ListViewProps<R>) {
  const { data: list } = useList(listId);
  // The list's type decides the shape of its rows, and the caller's columns are chosen by that type.
  const saved = useListItems(listId).data as R[];
  // Rows added offline (or not confirmed yet) show at once, marked pending, until the server has them.
  const outbox = usePendingChanges();
  const pending = useMemo(() => pendingItemsOf(outbox, listId, saved.map((item) => item.id)) as R[], [outbox, listId, saved]);
  const pendingIds = useMemo(() => new Set(pending.map((item) => item.id)), [pending]);
  const items = useMemo(() => [...saved, ...pending], [saved, pending]);
  // Stage, follow-up and amount changes and notes made offline show at once too, marked pending.
  const rows = useMemo(
    () =>
      items.map((item): ShownRow<R> => {
        const shown = shownPipeline(item.pipeline, outbox, { listId, listType: list.list_type, itemId: item.id });
        return { ...item, pipeline: shown.pipeline, pendingFields: shown.pendingFields, pendingNotes: shown.pendingNotes } as unknown as ShownRow<R>;
      }),
    [items, outbox, listId, list.list_type],
  );
  const [stageFilter, setStageFilter] = useState<PipelineStage | 'all'>('all');
  const filteredRows = useMemo(
    () => (stageFilter === 'all' ? rows : rows.filter((row) => row.pipeline.stage === stageFilter)),
    [rows, stageFilter],
  );
  const changePipeline = useChangePipeline();
  const [editingRow, setEditingRow] = useState<ShownRow<R> | null>(null);
  const rowRef = (row: R) => ({ listId, listType: list.list_type, itemId: row.id });
  const changeStage = (row: R, stage: PipelineStage) => changePipeline.mutate({ row: rowRef(row), patch: { stage } });
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

  const tableColumns: TableColumn<ShownRow<R>>[] = [
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
    ...columns.slice(0, 1),
    ...pipelineColumns<ShownRow<R>>({ itemName, onStageChange: changeStage, onEdit: setEditingRow }),
    ...columns.slice(1),
  ];

  /** The CSV carries every note of each row, newest first; a row's notes not readable now fall back to its latest. */
  const exportCsv = async () => {
    const notes = new Map<number, PipelineNote[]>();
    await Promise.all(
      rows.map(async (row) => {
        let saved: PipelineNote[] = [];
        if (!pendingIds.has(row.id) && row.pipeline.note_count > row.pendingNotes.length) {
          try {
            saved = await queryClient.fetchQuery(notesQueryOptions(rowRef(row)));
          } catch {
            saved = row.pipeline.latest_note && row.pendingNotes.length === 0 ? [row.pipeline.latest_note] : [];
          }
        }
        notes.set(row.id, shownNotes(saved, row.pendingNotes));
      }),
    );
    downloadCsv(csvFileName(list.name), toCsv([...columns, ...pipelineCsvColumns<ShownRow<R>>((row) => notes.get(row.id) ?? [])], rows));
  };

  const toolbar = (
    <>
      <SearchField
        label="Search this list"
        placeholder="Search this list"
        value={term}
        onCommit={setTerm}
        sx={{ width: { xs: '100%', md: 380 } }}
      />
      <TextField
        select
        size="small"
        label="Stage"
        value={stageFilter}
        onChange={(event) => setStageFilter(event.target.value as PipelineStage | 'all')}
        sx={{ width: { xs: '100%', sm: 180 } }}
      >
        <MenuItem value="all">All stages</MenuItem>
        {PIPELINE_STAGES.map((stage) => (
          <MenuItem key={stage} value={stage}>
            {PIPELINE_STAGE_LABELS[stage]}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
  // The board has no grid to search with: each word of the search must be in one of the row's columns.
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const boardRows =
    words.length === 0
      ? filteredRows
      : filteredRows.filter((row) => {
          const text = tableColumns.map((column) => column.text(row)).join(' ').toLowerCase();
          return words.every((word) => text.includes(word));
        });

  const confirmDelete = () =>
    deleteList.mutate(listId, {
      onSuccess: async () => {
        await navigate({ to: '/investors' });
        forgetList(queryClient, listId);
      },
      // A failed delete is silent and the page stays.
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
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            onChange={(_event, next: ListViewMode | null) => next && onViewChange(next)}
            aria-label="View"
          >
            <ToggleButton value="table" sx={{ px: 1.5, gap: 0.75 }}>
              <TableRowsOutlinedIcon fontSize="small" />
              Table
            </ToggleButton>
            <ToggleButton value="board" sx={{ px: 1.5, gap: 0.75 }}>
              <ViewKanbanOutlinedIcon fontSize="small" />
              Board
            </ToggleButton>
          </ToggleButtonGroup>
          <AppButton variant="secondary" startIcon={<EditOutlinedIcon fontSize="small" />} onClick={() => setEditing(true)}>
            Edit
          </AppButton>
          <AppButton
            variant="secondary"
            startIcon={<FileDownloadOutlinedIcon fontSize="small" />}
            disabled={items.length === 0}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </AppButton>
          <AppButton variant="delete" startIcon={<DeleteOutlineIcon fontSize="small" />} onClick={() => setConfirmingDelete(true)}>
            Delete List
          </AppButton>
        </Box>
      </Stack>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {view === 'board' ? (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
              {toolbar}
            </Box>
            {rows.length === 0 ? (
              <ListEmptyState />
            ) : (
              <PipelineBoard<ShownRow<R>>
                rows={boardRows}
                itemName={itemName}
                firmName={firmName}
                renderNameLink={renderNameLink}
                renderScore={renderScore}
                onStageChange={changeStage}
                onEdit={setEditingRow}
              />
            )}
          </>
        ) : (
          <AppDataGrid
            label={list.name}
            tableId={`list:${list.list_type}`}
            rows={filteredRows}
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
            toolbarStart={toolbar}
            noRows={stageFilter === 'all' ? <ListEmptyState /> : <NothingAtStage stage={stageFilter} />}
            noResults={
              <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                Nothing in this list matches “{term}”.
              </Typography>
            }
          />
        )}
      </Paper>
      <FollowUpAmountDialog
        name={editingRow ? itemName(editingRow) : null}
        pipeline={editingRow?.pipeline ?? null}
        onClose={() => setEditingRow(null)}
        onSave={(patch) => editingRow && changePipeline.mutate({ row: rowRef(editingRow), patch })}
      />
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
