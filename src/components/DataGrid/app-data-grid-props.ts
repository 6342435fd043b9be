import type { ReactNode } from 'react';
import type { GridRowId } from '@mui/x-data-grid';
import type { TableColumn } from './table-column';

export interface GridSlotsContent {
  /** Shown in the grid's body when it has no rows at all. */
  noRows?: ReactNode;
  /** Shown when the rows are there but the quick search hides every one. */
  noResults?: ReactNode;
}

export interface AppDataGridProps<R extends { id: GridRowId }> extends GridSlotsContent {
  /** Controls at the start of the toolbar row (a search box, actions over the selection). */
  toolbarStart?: ReactNode;
  /** The grid's accessible name. */
  label: string;
  /** Where the founder's column and density choices are remembered ('investors', 'list:fund' …). */
  tableId: string;
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  loading?: boolean;
  pageSize: number;
  /** The server pages the rows: the 1-based page shown and the matching rows across all pages. */
  serverPaging?: { page: number; rowCount: number; onPageChange: (page: number) => void };
  /** Checkbox selection with select-all of the page's rows. */
  selection?: { ids: readonly GridRowId[]; onChange: (ids: GridRowId[]) => void };
  /** Header clicks sort the rows (only where all rows are here). */
  sortable?: boolean;
  /** Shows only the rows whose columns' text holds every word of it. */
  quickSearch?: string;
  /** A click or Enter on a row (outside its checkbox, links and buttons) opens it. */
  onRowOpen?: (row: R) => void;
}
