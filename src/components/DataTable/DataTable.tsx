import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { GridRowId, GridValidRowModel } from '@mui/x-data-grid';
import { Pagination } from '../Pagination';
import { GRID_HEADER_HEIGHT, GRID_OVERLAY_HEIGHT, GRID_ROW_HEIGHT } from './grid-metrics';
import type { TableColumn } from './table-column';

/** Generic default (SPEC §9): columns at least 20 px wide. */
const DEFAULT_MIN_WIDTH = 20;
/** Community DataGrid pages at most 100 rows; a client-side table pages its rows by that. */
const CLIENT_PAGE_SIZE = 100;

// The grid is the largest part of the app. It is fetched as soon as a page with a table starts
// (not on its first render), while the page around it renders without waiting for it.
const gridTable = import('./GridTable');
// lazy() drops the component's row type parameter; the cast gives it back.
const GridTable = lazy(() => gridTable) as unknown as typeof import('./GridTable').default;

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

  if (!loading && rows.length === 0) return <>{emptyState}</>;

  return (
    <Box>
      <Suspense fallback={<GridPlaceholder label={label} rows={rows.length} />}>
        <GridTable<R>
          rows={rows}
          columns={columns}
          minColumnWidth={minColumnWidth}
          maxColumnWidth={maxColumnWidth}
          label={label}
          loading={loading}
          page={page}
          pageSize={pageSize}
          serverRowCount={serverPaging?.rowCount}
          selection={selection}
          sortable={sortable}
          onRowClick={onRowClick}
        />
      </Suspense>
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={serverPaging ? serverPaging.onPageChange : setClientPage}
      />
    </Box>
  );
}

/** Where the grid will be, the height it will have, until its code has loaded. */
function GridPlaceholder({ label, rows }: { label: string; rows: number }) {
  return (
    <Box
      role="progressbar"
      aria-label={`Loading ${label}`}
      sx={{
        height: GRID_HEADER_HEIGHT + (rows > 0 ? rows * GRID_ROW_HEIGHT : GRID_OVERLAY_HEIGHT),
        display: 'grid',
        placeItems: 'center',
        borderTop: `${GRID_HEADER_HEIGHT}px solid`,
        borderColor: 'grey.50',
        boxSizing: 'border-box',
      }}
    >
      <CircularProgress size={32} />
    </Box>
  );
}
