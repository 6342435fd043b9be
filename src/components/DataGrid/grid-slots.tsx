// The grid's slots that are ours: its Columns and Density buttons, shown in the toolbar row above the
// grid (AppDataGrid), the product's Previous/Next pager as the footer, and overlays that show the page's own
// empty state. The page's content reaches them through GridSlotsContext.
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
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
import type { GridSlotsContent } from './app-data-grid-props';

const columnsIcon = <ViewColumnOutlinedIcon fontSize="small" />;
const densityIcon = <DensityMediumIcon fontSize="small" />;

export const GridSlotsContext = createContext<GridSlotsContent & { controlsContainer?: HTMLElement | null }>({});

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
        startIcon={densityIcon}
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

/**
 * The toolbar slot: the grid's own buttons, rendered into the toolbar row that AppDataGrid keeps above
 * the grid, so the page's controls there never remount when the grid's code arrives.
 */
export function GridToolbarControls() {
  const { controlsContainer } = useContext(GridSlotsContext);
  if (!controlsContainer) return null;
  return createPortal(
    <>
      <ColumnsPanelTrigger size="small" startIcon={columnsIcon}>
        Columns
      </ColumnsPanelTrigger>
      <DensityMenu />
    </>,
    controlsContainer,
  );
}

/** The product's pager (Previous, the page-number window, Next) over the grid's own pagination state. */
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

/**
 * The grid draws its overlay inside the element of role grid, which may hold only rows: a message with a link or a
 * button in it is one row of one cell, as a screen reader reads a table's "no data" row.
 */
function MessageRow({ children }: { children: ReactNode }) {
  return (
    <GridOverlay>
      <div role="row">
        <div role="gridcell">{children}</div>
      </div>
    </GridOverlay>
  );
}

export function NoRowsOverlay() {
  return <MessageRow>{useContext(GridSlotsContext).noRows}</MessageRow>;
}

export function NoResultsOverlay() {
  return <MessageRow>{useContext(GridSlotsContext).noResults}</MessageRow>;
}
