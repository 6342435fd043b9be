import { useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_FIELD,
  useGridApiRef,
  type GridColDef,
  type GridFilterModel,
  type GridRowId,
  type GridRowSelectionModel,
  type GridSortCellParams,
} from '@mui/x-data-grid';
import type { AppDataGridProps } from './app-data-grid-props';
import { COLUMN_WIDTH, HEADER_HEIGHT, OVERLAY_HEIGHT, ROW_HEIGHT, gridBodyHeight } from './grid-metrics';
import type { CellContext, TableColumn } from './table-column';
import { useGridPreferences } from './grid-preferences';
import { useScrollbarSize } from './scrollbar-size';
import {
  GridPagerFooter,
  GridSlotsContext,
  GridToolbarControls,
  NoResultsOverlay,
  NoRowsOverlay,
} from './grid-slots';

// Made at the first sort: a collator costs tens of milliseconds on a phone.
let collator: Intl.Collator | undefined;
const compareText = (a: string, b: string) =>
  (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })).compare(a, b);

function numberComparator<R>(sortValue: (row: R) => number | null) {
  return (_a: unknown, _b: unknown, first: GridSortCellParams, second: GridSortCellParams) => {
    const a = sortValue(first.api.getRow(first.id) as R);
    const b = sortValue(second.api.getRow(second.id) as R);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return a - b;
  };
}

function toGridColumn<R extends { id: GridRowId }>(column: TableColumn<R>, sortable: boolean): GridColDef<R> {
  const { render, sortValue } = column;
  return {
    field: column.field,
    headerName: column.headerName,
    width: column.width ?? COLUMN_WIDTH.initial,
    minWidth: COLUMN_WIDTH.min,
    maxWidth: COLUMN_WIDTH.max,
    sortable: sortable && column.sortable !== false,
    resizable: true,
    hideable: column.hideable ?? true,
    valueGetter: (_value, row) => column.text(row),
    sortComparator: sortValue ? numberComparator(sortValue) : (a: string, b: string) => compareText(a, b),
    renderCell: render ? ({ row, tabIndex }) => render(row, { tabIndex } satisfies CellContext) : undefined,
  };
}

/**
 * A click or key on a link, button, checkbox or select inside a cell does that control's own thing. So
 * does one in a menu the cell opened (a select's options): it sits in a portal outside the grid, but
 * React bubbles its events through the cell.
 */
function onControl(target: EventTarget) {
  if (!(target instanceof Element)) return false;
  if (!target.closest('.MuiDataGrid-root')) return true;
  return target.closest('a, button, input, [role="combobox"]') !== null;
}

/** Keys a select in a cell opens its menu with, rather than the grid moving its focus. */
const SELECT_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Every table of the app: MUI X DataGrid with our shared defaults (sizes, slots, styles), the
 * founder's column and density choices remembered, a row opened by click or Enter, and Space
 * toggling the focused row's checkbox. Pages use it through AppDataGrid.
 */
export function DataGridTable<R extends { id: GridRowId }>({
  label,
  tableId,
  rows,
  columns,
  loading = false,
  pageSize,
  serverPaging,
  selection,
  sortable = false,
  quickSearch = '',
  onRowOpen,
  controlsContainer,
  noRows,
  noResults,
}: AppDataGridProps<R> & { controlsContainer: HTMLElement }) {
  const apiRef = useGridApiRef();
  const preferences = useGridPreferences(tableId);
  const scrollbarSize = useScrollbarSize();
  const gridColumns = useMemo(
    () => columns.map((column) => toGridColumn(column, sortable)),
    [columns, sortable],
  );
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => ({ type: 'include', ids: new Set(selection?.ids ?? []) }),
    [selection?.ids],
  );
  const filterModel = useMemo<GridFilterModel>(
    () => ({ items: [], quickFilterValues: quickSearch.split(/\s+/).filter(Boolean) }),
    [quickSearch],
  );
  const slotsContent = useMemo(() => ({ controlsContainer, noRows, noResults }), [controlsContainer, noRows, noResults]);

  const open = (row: R, field: string, event: MouseEvent | KeyboardEvent) => {
    if (!onRowOpen || field === GRID_CHECKBOX_SELECTION_FIELD || onControl(event.target)) return;
    onRowOpen(row);
  };

  return (
    <GridSlotsContext.Provider value={slotsContent}>
      <DataGrid<R>
        apiRef={apiRef}
        aria-label={label}
        rows={rows}
        columns={gridColumns}
        loading={loading}
        autoHeight
        showToolbar
        disableColumnMenu
        disableColumnFilter
        disableRowSelectionOnClick
        disableColumnSorting={!sortable}
        rowHeight={ROW_HEIGHT}
        columnHeaderHeight={HEADER_HEIGHT}
        scrollbarSize={scrollbarSize}
        {...preferences}
        paginationMode={serverPaging ? 'server' : 'client'}
        rowCount={serverPaging?.rowCount}
        pageSizeOptions={[pageSize]}
        {...(serverPaging
          ? {
              paginationModel: { page: serverPaging.page - 1, pageSize },
              onPaginationModelChange: ({ page }) => serverPaging.onPageChange(page + 1),
            }
          : { initialState: { pagination: { paginationModel: { page: 0, pageSize } } } })}
        filterModel={filterModel}
        checkboxSelection={selection !== undefined}
        rowSelectionModel={selection ? selectionModel : undefined}
        onRowSelectionModelChange={(model) => {
          if (!selection) return;
          // Select-all answers "every row but these": resolve it against the rows of this page.
          selection.onChange(
            model.type === 'include' ? [...model.ids] : rows.map((row) => row.id).filter((id) => !model.ids.has(id)),
          );
        }}
        onCellClick={(params, event) => open(params.row, params.field, event)}
        onCellKeyDown={(params, event) => {
          if (SELECT_KEYS.has(event.key) && event.target instanceof Element && event.target.closest('[role="combobox"]')) {
            event.defaultMuiPrevented = true;
            return;
          }
          if (event.key === 'Enter') open(params.row, params.field, event);
          // Space on any cell of a row toggles its checkbox (the checkbox cell does so itself), rather
          // than paging down as the grid's spreadsheet keys would.
          if (event.key === ' ' && !event.shiftKey && selection && params.field !== GRID_CHECKBOX_SELECTION_FIELD && !onControl(event.target)) {
            event.preventDefault();
            event.defaultMuiPrevented = true;
            apiRef.current?.selectRow(params.id, !apiRef.current.isRowSelected(params.id));
          }
        }}
        slots={{ toolbar: GridToolbarControls, footer: GridPagerFooter, noRowsOverlay: NoRowsOverlay, noResultsOverlay: NoResultsOverlay }}
        slotProps={{
          loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
          // The select column and columns marked so stay: hiding them would hide what the page is for.
          columnsManagement: {
            getTogglableColumns: (all) =>
              all.filter((column) => column.hideable && column.field !== GRID_CHECKBOX_SELECTION_FIELD).map((column) => column.field),
          },
        }}
        sx={{
          border: 0,
          borderRadius: 0,
          '--DataGrid-overlayHeight': `${OVERLAY_HEIGHT}px`,
          // MUI X measures its body in the commit that mounts it, before any row is laid out (so at the
          // overlay's height), and renders the whole grid again when the rows make it taller. A server-paged
          // grid shows exactly the rows it is given, so its body is that tall from the first layout and
          // the first measurement is the last (a client-paged one's visible rows depend on its own page).
          ...(serverPaging && { '& .MuiDataGrid-main': { minHeight: gridBodyHeight(rows.length, preferences.density) } }),
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'grey.50' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600, fontSize: 12, color: 'text.secondary' },
          '& .MuiDataGrid-row': { cursor: onRowOpen ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', fontSize: 14 },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
          '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-columnHeader:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
          },
        }}
      />
    </GridSlotsContext.Provider>
  );
}
