import { COMFORTABLE_DENSITY_FACTOR, COMPACT_DENSITY_FACTOR, type GridDensity } from '@mui/x-data-grid';

/** A column's width in px where it does not set its own, and the bounds it resizes between. */
export const COLUMN_WIDTH = { initial: 150, min: 60, max: 500 } as const;
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
