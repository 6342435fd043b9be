/** The grid's fixed sizes in px, shared with the placeholder shown while its code loads. */
export const GRID_ROW_HEIGHT = 52;
export const GRID_HEADER_HEIGHT = 44;
/** Height of the loading overlay over a grid without rows. */
export const GRID_OVERLAY_HEIGHT = 320;
