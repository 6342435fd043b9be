import type { ReactNode } from 'react';

/** One column, described once for the grid, for sorting and for export. */
export interface TableColumn<R> {
  field: string;
  headerName: string;
  /** Initial width in px. */
  width?: number;
  /** The value as plain text: what sorting, tooltips and CSV export use. */
  text: (row: R) => string;
  /** The cell when it is more than text (badges, links). */
  render?: (row: R) => ReactNode;
}
