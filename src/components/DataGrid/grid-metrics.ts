/** Generic defaults: columns 150 px wide, at least 20. */
export const DEFAULT_WIDTH = 150;
export const DEFAULT_MIN_WIDTH = 20;
/** A row and the header at standard density. */
export const ROW_HEIGHT = 52;
export const HEADER_HEIGHT = 44;
/** The height of the grid's body while it has no rows (its overlays). */
export const OVERLAY_HEIGHT = 320;
