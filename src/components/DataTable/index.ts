export { DataTable, type DataTableProps } from './DataTable';
export { EmailCell, WebsiteCell } from './cells';
export type { TableColumn } from './table-column';
