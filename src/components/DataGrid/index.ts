export type { AppDataGridProps } from './app-data-grid-props';
export { EmailCell, WebsiteCell } from './cells';
export { numberColumn } from './number-column';
export type { CellContext, TableColumn } from './table-column';
