import { useMemo, type ReactNode } from 'react';
import { IconButton, Tooltip, Typography } from '@mui/material';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useNavigate } from '@tanstack/react-router';
import type { TableColumn } from '@/components/DataGrid';
import { AppDataGrid } from '@/components/DataGrid/AppDataGrid';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { canEditRows } from '@/shared/teams';
import { isDraftRow } from '../api/list-outbox';
import { ListEmptyState } from './ListEmptyState';
import { useRemoveRows } from './use-remove-rows';

/** All of a list's rows are here; the grid shows them this many to a page (its most without a licence). */
const LIST_PAGE_SIZE = 100;

export interface ListTableProps<R extends ListItem> {
  list: ListSummary;
  rows: readonly R[];
  /** Rows added offline and not on the server yet: marked pending instead of removable. */
  pendingIds: ReadonlySet<number>;
  columns: readonly TableColumn<R>[];
  /** How a row is named in labels and messages, e.g. the investor's full name. */
  itemName: (row: R) => string;
  /** The grid's quick search. */
  term: string;
  toolbar: ReactNode;
  /** Shown when no row is left to show; the list's empty state by default. */
  noRows?: ReactNode;
}

/**
 * A list's rows as a table: sorted and searched in the grid, each removable (with Undo) by an editor, each opening its
 * page (but a draft, which has none yet).
 */
export function ListTable<R extends ListItem>({ list, rows, pendingIds, columns, itemName, term, toolbar, noRows }: ListTableProps<R>) {
  const navigate = useNavigate();
  const { remove, removing } = useRemoveRows(list, itemName);

  // The same columns while nothing they show changes: the grid redraws every cell when its columns change.
  const editable = canEditRows(list.role);
  const gridColumns = useMemo(() => {
    const removeColumn: TableColumn<R> = {
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
              disabled={removing}
              onClick={() => remove([row])}
            >
              <RemoveCircleOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ),
    };
    return editable ? [removeColumn, ...columns] : columns;
  }, [editable, columns, pendingIds, itemName, removing, remove]);

  return (
    <AppDataGrid
      label={list.name}
      tableId={`list:${list.list_type}`}
      rows={rows}
      columns={gridColumns}
      pageSize={LIST_PAGE_SIZE}
      sortable
      quickSearch={term}
      onRowOpen={(row) => {
        if (isDraftRow(row)) return;
        void navigate(
          list.list_type === 'investor'
            ? { to: '/investor/$id', params: { id: String(row.id) } }
            : { to: '/fund/$id', params: { id: String(row.id) } },
        );
      }}
      toolbarStart={toolbar}
      noRows={noRows ?? <ListEmptyState />}
      noResults={
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>Nothing in this list matches “{term}”.</Typography>
      }
    />
  );
}
