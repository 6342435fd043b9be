export { AppDataGrid, type AppDataGridProps } from './AppDataGrid';
export { EmailCell, WebsiteCell } from './cells';
export type { CellContext, TableColumn } from './table-column';
export { numberColumn } from './number-column';
