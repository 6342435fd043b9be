export { Pagination, type PaginationProps } from './Pagination';
export { paginationWindow, type PageItem, type WindowOptions } from './pagination-window';
