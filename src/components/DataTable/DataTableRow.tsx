import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import { Checkbox } from '@mui/material';
import type { TableColumn } from './table-column';

export type RowId = string | number;

export interface DataTableRowProps<R extends { id: RowId }> {
  row: R;
  columns: readonly TableColumn<R>[];
  /** Whether the row has a selection checkbox, and whether it is ticked. */
  selectable: boolean;
  selected: boolean;
  /** Rows that open something are reachable with Tab and open with Enter. */
  focusable: boolean;
  onToggle: (id: RowId) => void;
  onOpen: (row: R, event: MouseEvent | KeyboardEvent) => void;
}

function DataTableRowImpl<R extends { id: RowId }>({ row, columns, selectable, selected, focusable, onToggle, onOpen }: DataTableRowProps<R>) {
  return (
    <tr
      data-id={row.id}
      data-selected={selected || undefined}
      tabIndex={focusable ? 0 : undefined}
      onClick={(event) => onOpen(row, event)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(row, event);
      }}
    >
      {selectable && (
        <td data-select>
          <Checkbox
            size="small"
            checked={selected}
            onChange={() => onToggle(row.id)}
            slotProps={{ input: { 'aria-label': 'Select row' } }}
          />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.field} data-field={column.field}>
          <div>{column.render ? column.render(row) : column.text(row)}</div>
        </td>
      ))}
    </tr>
  );
}

/**
 * One body row of the data table. Memoised: the page above the table re-renders whenever a query
 * it reads changes (fetching starts or ends, a list count moves), and a page of rows holds hundreds
 * of cells that only need rendering again when their row, columns or selection change.
 */
export const DataTableRow = memo(DataTableRowImpl) as typeof DataTableRowImpl;
