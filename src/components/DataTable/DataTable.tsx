import { useMemo, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_FIELD,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { Pagination } from '../Pagination';
import type { TableColumn } from './table-column';

/** Generic defaults (SPEC §9): columns 150 px wide, at least 20. */
const DEFAULT_WIDTH = 150;
const DEFAULT_MIN_WIDTH = 20;
/** Community DataGrid pages at most 100 rows; a client-side table pages its rows by that. */
const CLIENT_PAGE_SIZE = 100;

interface ServerPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Matching rows across all pages. */
  rowCount: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<R extends GridValidRowModel & { id: GridRowId }> {
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  /** Resize limits in px (SPEC §9: the data tables use 60 to 500). */
  minColumnWidth?: number;
  maxColumnWidth?: number;
  /** Accessible name of the grid. */
  label: string;
  loading?: boolean;
  /** Rows come a page at a time from the server; without it all rows are here and paged locally. */
  serverPaging?: ServerPaging;
  /** Checkbox selection with select-all (of the rows shown). */
  selection?: { ids: readonly GridRowId[]; onChange: (ids: GridRowId[]) => void };
  sortable?: boolean;
  onRowClick?: (row: R) => void;
  /** Shown instead of the grid when nothing is loading and there are no rows. */
  emptyState: ReactNode;
}

/** MUI X DataGrid with our pagination, row click that ignores checkboxes and links, and an empty state. */
export function DataTable<R extends GridValidRowModel & { id: GridRowId }>({
  rows,
  columns,
  minColumnWidth = DEFAULT_MIN_WIDTH,
  maxColumnWidth,
  label,
  loading = false,
  serverPaging,
  selection,
  sortable = false,
  onRowClick,
  emptyState,
}: DataTableProps<R>) {
  const [clientPage, setClientPage] = useState(1);
  const pageSize = serverPaging?.pageSize ?? CLIENT_PAGE_SIZE;
  const page = serverPaging?.page ?? clientPage;
  const pageCount = serverPaging?.pageCount ?? Math.ceil(rows.length / CLIENT_PAGE_SIZE);

  const gridColumns = useMemo(
    () =>
      columns.map(
        (column): GridColDef<R> => ({
          field: column.field,
          headerName: column.headerName,
          width: column.width ?? DEFAULT_WIDTH,
          minWidth: minColumnWidth,
          maxWidth: maxColumnWidth,
          sortable,
          resizable: true,
          valueGetter: (_value, row) => column.text(row),
          renderCell: column.render ? ({ row }) => column.render?.(row) : undefined,
        }),
      ),
    [columns, sortable, minColumnWidth, maxColumnWidth],
  );
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection?.ids ?? []) }),
    [selection?.ids],
  );

  if (!loading && rows.length === 0) return <>{emptyState}</>;

  const open = (row: R, target: EventTarget, field: string) => {
    if (!onRowClick || field === GRID_CHECKBOX_SELECTION_FIELD) return;
    if (target instanceof Element && target.closest('a, button, input')) return;
    onRowClick(row);
  };

  return (
    <Box>
      <DataGrid<R>
        aria-label={label}
        rows={rows}
        columns={gridColumns}
        loading={loading}
        autoHeight
        hideFooter
        disableColumnMenu
        disableColumnFilter
        disableRowSelectionOnClick
        disableColumnSorting={!sortable}
        rowHeight={52}
        columnHeaderHeight={44}
        paginationMode={serverPaging ? 'server' : 'client'}
        rowCount={serverPaging?.rowCount}
        pageSizeOptions={[pageSize]}
        paginationModel={{ page: page - 1, pageSize }}
        checkboxSelection={Boolean(selection)}
        rowSelectionModel={selection ? selectionModel : undefined}
        onRowSelectionModelChange={(model) => {
          if (!selection) return;
          // Select-all answers "every row except these"; resolve it against the rows on this page.
          const ids =
            model.type === 'include' ? [...model.ids] : rows.map((row) => row.id).filter((id) => !model.ids.has(id));
          selection.onChange(ids);
        }}
        onCellClick={(params, event) => open(params.row, event.target, params.field)}
        onCellKeyDown={(params, event) => {
          if (event.key === 'Enter') open(params.row, event.target, params.field);
        }}
        slotProps={{ loadingOverlay: { variant: 'circular-progress', noRowsVariant: 'circular-progress' } }}
        sx={{
          border: 0,
          '--DataGrid-overlayHeight': '320px',
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, fontSize: 12, color: 'text.secondary' },
          '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', fontSize: 14 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
          '& .MuiDataGrid-cell:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      />
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={serverPaging ? serverPaging.onPageChange : setClientPage}
      />
    </Box>
  );
}
