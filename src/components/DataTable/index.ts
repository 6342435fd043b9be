export { DataTable, type DataTableProps } from './DataTable';
export type { RowId } from './DataTableRow';
export { EmailCell, WebsiteCell } from './cells';
export type { TableColumn } from './table-column';
