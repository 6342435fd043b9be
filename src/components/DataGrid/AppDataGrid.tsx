import { lazy, Suspense } from 'react';
import { Box, Button, LinearProgress } from '@mui/material';
import type { GridRowId } from '@mui/x-data-grid';
import type { AppDataGridProps } from './app-data-grid-props';
import { HEADER_HEIGHT, OVERLAY_HEIGHT, ROW_HEIGHT } from './grid-metrics';
import { columnsIcon, densityIcon, ToolbarRowLayout } from './grid-toolbar-layout';

// The grid is the largest piece of the app's code. The server preloads its chunk with every table page
// (route-preloads), so it downloads alongside the page's data, while the page's frame, title, filters
// and toolbar paint without waiting for it.
const DataGridTable = lazy(() => import('./DataGridTable')) as unknown as typeof import('./DataGridTable').default;

/** Until the grid's code is here: the toolbar as it will be, and the room the rows will take. */
function GridPlaceholder<R extends { id: GridRowId }>({ label, rows, pageSize, toolbarStart }: AppDataGridProps<R>) {
  const shown = Math.min(rows.length, pageSize);
  return (
    <Box role="region" aria-label={label} aria-busy="true">
      <ToolbarRowLayout
        start={toolbarStart}
        gridControls={
          <>
            <Button size="small" startIcon={columnsIcon} disabled>
              Columns
            </Button>
            <Button size="small" startIcon={densityIcon} disabled>
              Density
            </Button>
          </>
        }
      />
      <Box sx={{ height: HEADER_HEIGHT + (shown > 0 ? shown * ROW_HEIGHT : OVERLAY_HEIGHT), bgcolor: 'grey.50' }}>
        <LinearProgress aria-label={`Loading ${label}`} />
      </Box>
    </Box>
  );
}

/** Every table of the app: an MUI X DataGrid with our shared defaults (DataGridTable). */
export function AppDataGrid<R extends { id: GridRowId }>(props: AppDataGridProps<R>) {
  return (
    <Suspense fallback={<GridPlaceholder {...props} />}>
      <DataGridTable {...props} />
    </Suspense>
  );
}
