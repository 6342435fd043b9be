import { useMemo } from 'react';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_FIELD,
  type GridColDef,
  type GridRowId,
  type GridRowSelectionModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import type { DataTableProps } from './DataTable';
import { GRID_HEADER_HEIGHT, GRID_OVERLAY_HEIGHT, GRID_ROW_HEIGHT } from './grid-metrics';

export type GridTableProps<R extends GridValidRowModel & { id: GridRowId }> = Omit<
  DataTableProps<R>,
  'serverPaging' | 'emptyState'
> & {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows across all pages when the server pages them; undefined when all rows are here. */
  serverRowCount?: number;
  minColumnWidth: number;
};

/** Generic defaults (SPEC §9): columns 150 px wide. */
const DEFAULT_WIDTH = 150;

/** The MUI X DataGrid behind DataTable: its own chunk, the largest of the app. */
export default function GridTable<R extends GridValidRowModel & { id: GridRowId }>({
  rows,
  columns,
  minColumnWidth,
  maxColumnWidth,
  label,
  loading = false,
  page,
  pageSize,
  serverRowCount,
  selection,
  sortable = false,
  onRowClick,
}: GridTableProps<R>) {
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

  const open = (row: R, target: EventTarget, field: string) => {
    if (!onRowClick || field === GRID_CHECKBOX_SELECTION_FIELD) return;
    if (target instanceof Element && target.closest('a, button, input')) return;
    onRowClick(row);
  };

  return (
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
      rowHeight={GRID_ROW_HEIGHT}
      columnHeaderHeight={GRID_HEADER_HEIGHT}
      paginationMode={serverRowCount === undefined ? 'client' : 'server'}
      rowCount={serverRowCount}
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
        '--DataGrid-overlayHeight': `${GRID_OVERLAY_HEIGHT}px`,
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, fontSize: 12, color: 'text.secondary' },
        '& .MuiDataGrid-row': { cursor: onRowClick ? 'pointer' : 'default' },
        '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', fontSize: 14 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .MuiDataGrid-cell:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    />
  );
}
