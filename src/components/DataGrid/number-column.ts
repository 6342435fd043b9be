import { toNumber } from '@/lib/format';
import type { TableColumn } from './table-column';

/** A column of amounts or counts: shown formatted, sorted by number with missing values last. */
export function numberColumn<R>(
  field: keyof R & string,
  headerName: string,
  width: number,
  format: (value: unknown) => string,
): TableColumn<R> {
  return { field, headerName, width, text: (row) => format(row[field]), sortValue: (row) => toNumber(row[field]) };
}
