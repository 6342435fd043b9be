import { COMFORTABLE_DENSITY_FACTOR, COMPACT_DENSITY_FACTOR, type GridDensity } from '@mui/x-data-grid';

/** Columns are 150 px wide unless they say otherwise, and resize between 60 and 500 px. */
export const DEFAULT_WIDTH = 150;
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 500;
/** A row and the header at standard density. */
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 44;
/** The height of the grid's body while it has no rows (its overlays). */
export const OVERLAY_HEIGHT = 320;

/** How MUI X scales a row and the header by density: its own factors. */
const DENSITY_FACTORS: Record<GridDensity, number> = {
  compact: COMPACT_DENSITY_FACTOR,
  standard: 1,
  comfortable: COMFORTABLE_DENSITY_FACTOR,
};

/**
 * The height of the grid's header and body showing `rowCount` rows at a density, as MUI X lays them
 * out: the overlay's height when there are none.
 */
export function gridBodyHeight(rowCount: number, density: GridDensity): number {
  const factor = DENSITY_FACTORS[density];
  const body = rowCount === 0 ? OVERLAY_HEIGHT : rowCount * Math.floor(ROW_HEIGHT * factor);
  return Math.floor(HEADER_HEIGHT * factor) + body;
}
