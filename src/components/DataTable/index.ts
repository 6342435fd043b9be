export { DataTable, type DataTableProps, type RowId } from './DataTable';
export { EmailCell, WebsiteCell } from './cells';
export type { TableColumn } from './table-column';
