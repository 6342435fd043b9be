import type { TableColumn } from './table-column';

export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The rows ordered by one column's text (numbers in text by value); the same rows when unsorted. */
export function sortRows<R>(rows: readonly R[], columns: readonly TableColumn<R>[], order: SortOrder | null): readonly R[] {
  const column = order && columns.find((c) => c.field === order.field);
  if (!order || !column) return rows;
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * collator.compare(column.text(a), column.text(b)));
}

/** A header click: unsorted, then ascending, then descending, then unsorted again. */
export function nextSortOrder(current: SortOrder | null, field: string): SortOrder | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}
