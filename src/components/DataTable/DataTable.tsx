import { useCallback, useDeferredValue, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import {
  Box,
  Checkbox,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import { Pagination } from '../Pagination';
import { DataTableRow, type RowId } from './DataTableRow';
import { ResizeHandle } from './ResizeHandle';
import { nextSortOrder, sortRows, type SortOrder } from './sort-rows';
import type { TableColumn } from './table-column';
import { HEADER_HEIGHT, tableStyles } from './table-styles';
import { useColumnWidths } from './use-column-widths';

/** Generic default (SPEC §9): columns at least 20 px wide. */
const DEFAULT_MIN_WIDTH = 20;
/** All rows are here: the table shows them this many to a page. */
const CLIENT_PAGE_SIZE = 100;
const CHECKBOX_WIDTH = 52;
/** Height of the spinner's area while the first rows load. */
const LOADING_HEIGHT = 320;

interface ServerPaging {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Matching rows across all pages. */
  rowCount: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<R extends { id: RowId }> {
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  /** Resize limits in px (SPEC §9: the data tables use 60 to 500). */
  minColumnWidth?: number;
  maxColumnWidth?: number;
  /** Accessible name of the table. */
  label: string;
  loading?: boolean;
  /** Rows come a page at a time from the server; without it all rows are here and paged locally. */
  serverPaging?: ServerPaging;
  /** Checkbox selection with select-all (of the rows shown). */
  selection?: { ids: readonly RowId[]; onChange: (ids: RowId[]) => void };
  /** Header clicks sort the rows by that column's text (only where all rows are here). */
  sortable?: boolean;
  onRowClick?: (row: R) => void;
  /** Shown instead of the table when nothing is loading and there are no rows. */
  emptyState: ReactNode;
}

/**
 * SPEC §9's generic data table: resizable (and optionally sortable) columns, row click, row
 * selection with select-all, a loading spinner and Previous/Next paging. A plain MUI table: the
 * tables show 15 to 100 rows, which need neither virtualisation nor a data grid's weight.
 */
export function DataTable<R extends { id: RowId }>({
  rows: latestRows,
  columns,
  minColumnWidth = DEFAULT_MIN_WIDTH,
  maxColumnWidth,
  label,
  loading: fetching = false,
  serverPaging,
  selection,
  sortable = false,
  onRowClick,
  emptyState,
}: DataTableProps<R>) {
  const [clientPage, setClientPage] = useState(1);
  const [sortOrder, setSortOrder] = useState<SortOrder | null>(null);
  const { widthOf, resize } = useColumnWidths({ min: minColumnWidth, max: maxColumnWidth });

  // New rows (a page of cells) render as a non-urgent update, which React splits into short tasks,
  // so the next page of results never blocks input; until then the previous rows stay, or the
  // spinner while there were none. Rows already there when the table mounts render with it: the
  // page itself mounts as a non-urgent update (AppLayout, and navigations are transitions).
  const rows = useDeferredValue(latestRows);
  const loading = fetching || (rows.length === 0 && latestRows.length > 0);

  const pageCount = serverPaging?.pageCount ?? Math.ceil(rows.length / CLIENT_PAGE_SIZE);
  const page = serverPaging?.page ?? Math.min(clientPage, Math.max(1, pageCount));
  const shown = serverPaging
    ? rows
    : sortRows(rows, columns, sortOrder).slice((page - 1) * CLIENT_PAGE_SIZE, page * CLIENT_PAGE_SIZE);
  const tableWidth = columns.reduce((sum, column) => sum + widthOf(column), selection ? CHECKBOX_WIDTH : 0);

  const selected = new Set(selection?.ids ?? []);
  const shownSelected = shown.filter((row) => selected.has(row.id)).length;
  const toggleAll = () => {
    if (!selection) return;
    const shownIds = new Set(shown.map((row) => row.id));
    const allShown = shownSelected === shown.length;
    selection.onChange(
      allShown ? selection.ids.filter((id) => !shownIds.has(id)) : [...selection.ids, ...shown.map((row) => row.id).filter((id) => !selected.has(id))],
    );
  };
  const toggleRow = (id: RowId) =>
    selection?.onChange(selected.has(id) ? selection.ids.filter((other) => other !== id) : [...selection.ids, id]);

  // Checkboxes, links and buttons inside a row do their own thing, not open the row.
  const open = (row: R, event: MouseEvent | KeyboardEvent) => {
    if (!onRowClick) return;
    if (event.target instanceof Element && event.target.closest('a, button, input, [role="separator"]')) return;
    onRowClick(row);
  };
  // The rows are memoised, so they get handlers that never change and call the latest ones.
  const handlers = useRef({ toggleRow, open });
  useLayoutEffect(() => {
    handlers.current = { toggleRow, open };
  });
  const onToggle = useCallback((id: RowId) => handlers.current.toggleRow(id), []);
  const onOpen = useCallback((row: R, event: MouseEvent | KeyboardEvent) => handlers.current.open(row, event), []);

  if (!fetching && latestRows.length === 0) return <>{emptyState}</>;

  return (
    <Box>
      <TableContainer sx={{ position: 'relative', overflowX: 'auto' }}>
        <Table
          aria-label={label}
          aria-busy={loading}
          sx={tableStyles(tableWidth, Boolean(onRowClick))}
        >
          <colgroup>
            {selection && <col style={{ width: CHECKBOX_WIDTH }} />}
            {columns.map((column) => (
              <col key={column.field} style={{ width: widthOf(column) }} />
            ))}
          </colgroup>
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={shown.length > 0 && shownSelected === shown.length}
                    indeterminate={shownSelected > 0 && shownSelected < shown.length}
                    disabled={shown.length === 0}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': 'Select all rows' } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => {
                const direction = sortOrder?.field === column.field ? sortOrder.direction : undefined;
                return (
                  <TableCell
                    key={column.field}
                    data-field={column.field}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                  >
                    {sortable && !serverPaging ? (
                      <TableSortLabel
                        active={direction !== undefined}
                        direction={direction ?? 'asc'}
                        onClick={() => setSortOrder((current) => nextSortOrder(current, column.field))}
                        sx={{ maxWidth: '100%', '& .MuiTableSortLabel-icon': { flexShrink: 0 } }}
                      >
                        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                          {column.headerName}
                        </Box>
                      </TableSortLabel>
                    ) : (
                      column.headerName
                    )}
                    <ResizeHandle
                      name={column.headerName}
                      width={widthOf(column)}
                      min={minColumnWidth}
                      max={maxColumnWidth}
                      onResize={(width) => resize(column.field, width)}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody sx={{ opacity: loading && shown.length > 0 ? 0.5 : 1, transition: 'opacity 150ms' }}>
            {shown.map((row) => (
              <DataTableRow
                key={row.id}
                row={row}
                columns={columns}
                selectable={selection !== undefined}
                selected={selected.has(row.id)}
                focusable={onRowClick !== undefined}
                onToggle={onToggle}
                onOpen={onOpen}
              />
            ))}
          </TableBody>
        </Table>
        {loading && (
          <Box
            sx={{
              ...(shown.length > 0 ? { position: 'absolute', inset: 0, top: HEADER_HEIGHT } : { height: LOADING_HEIGHT }),
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <CircularProgress size={32} aria-label={`Loading ${label}`} />
          </Box>
        )}
      </TableContainer>
      <Pagination page={page} pageCount={pageCount} onPageChange={serverPaging ? serverPaging.onPageChange : setClientPage} />
    </Box>
  );
}
