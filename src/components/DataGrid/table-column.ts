import type { ReactNode } from 'react';

/** What a cell's renderer gets from the grid beside its row. */
export interface CellContext {
  /**
   * The grid is one tab stop: a link or button in a cell is reachable with Tab only while its cell
   * has focus, so it takes this tabIndex.
   */
  tabIndex: 0 | -1;
}

/** One column, described once for the grid, its quick search, sorting and CSV export. */
export interface TableColumn<R> {
  field: string;
  headerName: string;
  /** Initial width in px. */
  width?: number;
  /** The value as plain text: what the quick search, CSV export and, by default, sorting use. */
  text: (row: R) => string;
  /** Sorts by this instead of the text (amounts and counts by their number; missing ones last). */
  sortValue?: (row: R) => number | null;
  /** False for a column the founder cannot hide from the Columns panel. */
  hideable?: boolean;
  /** False for a column that does not sort where the table does (a column of buttons). */
  sortable?: boolean;
  /** The cell when it is more than text (badges, links). */
  render?: (row: R, cell: CellContext) => ReactNode;
}
