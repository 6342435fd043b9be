import type { TableColumn } from './table-column';

export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

// Made at the first sort, not when a table page loads: a collator costs tens of milliseconds on a phone.
let collator: Intl.Collator | undefined;

/** The rows ordered by one column's text (numbers in text by value); the same rows when unsorted. */
export function sortRows<R>(rows: readonly R[], columns: readonly TableColumn<R>[], order: SortOrder | null): readonly R[] {
  const column = order && columns.find((c) => c.field === order.field);
  if (!order || !column) return rows;
  const sign = order.direction === 'asc' ? 1 : -1;
  const { compare } = (collator ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));
  return [...rows].sort((a, b) => sign * compare(column.text(a), column.text(b)));
}

/** A header click: unsorted, then ascending, then descending, then unsorted again. */
export function nextSortOrder(current: SortOrder | null, field: string): SortOrder | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}
