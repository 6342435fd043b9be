import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { Box, Button, LinearProgress } from '@mui/material';
import type { GridRowId } from '@mui/x-data-grid';
import type { AppDataGridProps } from './app-data-grid-props';
import { HEADER_HEIGHT, OVERLAY_HEIGHT, ROW_HEIGHT } from './grid-metrics';
import { columnsIcon, densityIcon } from './grid-icons';

// The grid is the largest piece of the app's code. The server preloads its chunk with every table page
// (route-preloads), so it downloads alongside the page's data, while the page's frame, title, filters
// and toolbar paint without waiting for it.
const DataGridTable = lazy(() => import('./DataGridTable')) as unknown as typeof import('./DataGridTable').default;

/** Until the grid's code is here: its buttons, disabled, and the room its rows will take. */
function GridPlaceholder({ label, shownRows, controls }: { label: string; shownRows: number; controls: HTMLElement | null }) {
  return (
    <>
      {controls &&
        createPortal(
          <>
            <Button size="small" startIcon={columnsIcon} disabled>
              Columns
            </Button>
            <Button size="small" startIcon={densityIcon} disabled>
              Density
            </Button>
          </>,
          controls,
        )}
      <Box sx={{ height: HEADER_HEIGHT + (shownRows > 0 ? shownRows * ROW_HEIGHT : OVERLAY_HEIGHT), bgcolor: 'grey.50' }}>
        <LinearProgress aria-label={`Loading ${label}`} />
      </Box>
    </>
  );
}

/**
 * Every table of the app: the toolbar row with the page's controls, then an MUI X DataGrid with our
 * shared defaults (DataGridTable), whose Columns and Density buttons join the toolbar row. The row
 * stays put while the grid's code loads, so a search box being typed in keeps its focus.
 */
export function AppDataGrid<R extends { id: GridRowId }>({ toolbarStart, ...props }: AppDataGridProps<R>) {
  const [controls, setControls] = useState<HTMLElement | null>(null);
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
        {toolbarStart}
        <Box ref={setControls} sx={{ display: 'flex', gap: 0.5, flexShrink: 0, ml: 'auto' }} />
      </Box>
      <Suspense
        fallback={<GridPlaceholder label={props.label} shownRows={Math.min(props.rows.length, props.pageSize)} controls={controls} />}
      >
        <DataGridTable {...props} controlsContainer={controls} />
      </Suspense>
    </>
  );
}
