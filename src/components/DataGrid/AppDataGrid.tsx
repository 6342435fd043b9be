import { lazy, Suspense, useCallback, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';
import type { GridRowId } from '@mui/x-data-grid';
import type { AppDataGridProps } from './app-data-grid-props';
import type { DataGridTable as DataGridTableType } from './DataGridTable';
import { loadDataGridTable } from './load-data-grid-table';

const DataGridTable = lazy(() => loadDataGridTable().then((module) => ({ default: module.DataGridTable }))) as unknown as typeof DataGridTableType;

/**
 * Every table of the app: the toolbar row with the page's controls, then an MUI X DataGrid with our
 * shared defaults (DataGridTable), whose Columns and Density buttons join the toolbar row. The grid's
 * code is a chunk of its own, which only a wide screen loads (load-data-grid-table.ts), and asks for
 * early enough that a table page usually appears whole, in one paint.
 */
export function AppDataGrid<R extends { id: GridRowId }>({ toolbarStart, ...props }: AppDataGridProps<R>) {
  // The grid's buttons are portalled into an element made with the component and placed in the toolbar
  // row when it mounts: the grid renders them in its first render, rather than in a second, synchronous
  // one once the row's element is known. `display: contents` makes them items of the row itself.
  const [controls] = useState(() => {
    const element = document.createElement('div');
    element.style.display = 'contents';
    return element;
  });
  const placeControls = useCallback(
    (row: HTMLElement | null) => {
      row?.appendChild(controls);
    },
    [controls],
  );
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
        {toolbarStart}
        <Box ref={placeControls} sx={{ display: 'flex', gap: 0.5, flexShrink: 0, ml: 'auto' }} />
      </Box>
      <Suspense fallback={<GridLoading label={props.label} />}>
        <DataGridTable {...props} controlsContainer={controls} />
      </Suspense>
    </>
  );
}

function GridLoading({ label }: { label: string }) {
  return (
    <Box sx={{ minHeight: 364, display: 'grid', placeItems: 'center' }}>
      <CircularProgress size={28} aria-label={`Loading ${label}`} />
    </Box>
  );
}
