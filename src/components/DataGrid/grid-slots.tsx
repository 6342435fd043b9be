// The grid's slots that are ours: a toolbar that holds the page's own controls beside the grid's
// Columns and Density buttons, SPEC's Previous/Next pager as the footer, and overlays that show the
// page's own empty state. The page's content reaches them through GridSlotsContent.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Box, Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import {
  ColumnsPanelTrigger,
  GridOverlay,
  gridDensitySelector,
  gridPageCountSelector,
  gridPaginationModelSelector,
  useGridApiContext,
  useGridSelector,
  type GridDensity,
} from '@mui/x-data-grid';
import { Pagination } from '../Pagination';

export interface GridSlotsContent {
  /** Controls at the start of the toolbar row (a search box, actions over the selection). */
  toolbarStart?: ReactNode;
  /** Shown in the grid's body when it has no rows at all. */
  noRows?: ReactNode;
  /** Shown when the rows are there but the quick search hides every one. */
  noResults?: ReactNode;
}

export const GridSlotsContext = createContext<GridSlotsContent>({});

const DENSITIES: ReadonlyArray<{ value: GridDensity; label: string }> = [
  { value: 'compact', label: 'Compact' },
  { value: 'standard', label: 'Standard' },
  { value: 'comfortable', label: 'Comfortable' },
];

function DensityMenu() {
  const apiRef = useGridApiContext();
  const density = useGridSelector(apiRef, gridDensitySelector);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<DensityMediumIcon fontSize="small" />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Density
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {DENSITIES.map(({ value, label }) => (
          <MenuItem
            key={value}
            role="menuitemradio"
            aria-checked={value === density}
            selected={value === density}
            onClick={() => {
              apiRef.current.setDensity(value);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{value === density && <CheckIcon fontSize="small" />}</ListItemIcon>
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function GridToolbarRow() {
  const { toolbarStart } = useContext(GridSlotsContext);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', p: 2, borderBottom: 1, borderColor: 'divider' }}>
      {toolbarStart}
      <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0, ml: 'auto' }}>
        <ColumnsPanelTrigger size="small" startIcon={<ViewColumnOutlinedIcon fontSize="small" />}>
          Columns
        </ColumnsPanelTrigger>
        <DensityMenu />
      </Box>
    </Box>
  );
}

/** SPEC's pager (Previous, the page-number window, Next) over the grid's own pagination state. */
export function GridPagerFooter() {
  const apiRef = useGridApiContext();
  const { page } = useGridSelector(apiRef, gridPaginationModelSelector);
  const pageCount = useGridSelector(apiRef, gridPageCountSelector);
  if (pageCount <= 1) return null;
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Pagination page={page + 1} pageCount={pageCount} onPageChange={(next) => apiRef.current.setPage(next - 1)} />
    </Box>
  );
}

export function NoRowsOverlay() {
  return <GridOverlay>{useContext(GridSlotsContext).noRows}</GridOverlay>;
}

export function NoResultsOverlay() {
  return <GridOverlay>{useContext(GridSlotsContext).noResults}</GridOverlay>;
}
