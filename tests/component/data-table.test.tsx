import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type RowId, type TableColumn } from '@/components/DataTable';
import { nextSortOrder, sortRows } from '@/components/DataTable/sort-rows';

interface Row {
  id: number;
  name: string;
  size: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Beta Fund', size: '10' },
  { id: 2, name: 'alpha Capital', size: '9' },
  { id: 3, name: 'Gamma Ventures', size: '100' },
];
const COLUMNS: TableColumn<Row>[] = [
  { field: 'name', headerName: 'Name', width: 200, text: (row) => row.name },
  { field: 'size', headerName: 'Size', text: (row) => row.size, render: (row) => <a href={`#${row.id}`}>{row.size}</a> },
];

const bodyNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').at(-2)?.textContent);

describe('sortRows', () => {
  it('orders by the column text, numbers by value and case aside, and keeps rows unsorted without an order', () => {
    expect(sortRows(ROWS, COLUMNS, { field: 'name', direction: 'asc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRows(ROWS, COLUMNS, { field: 'size', direction: 'desc' }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortRows(ROWS, COLUMNS, null)).toBe(ROWS);
  });

  it('cycles a column through ascending, descending and unsorted', () => {
    expect(nextSortOrder(null, 'name')).toEqual({ field: 'name', direction: 'asc' });
    expect(nextSortOrder({ field: 'name', direction: 'asc' }, 'name')).toEqual({ field: 'name', direction: 'desc' });
    expect(nextSortOrder({ field: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSortOrder({ field: 'name', direction: 'desc' }, 'size')).toEqual({ field: 'size', direction: 'asc' });
  });
});

function SelectableTable({ onRowClick }: { onRowClick: (row: Row) => void }) {
  const [ids, setIds] = useState<RowId[]>([]);
  return (
    <DataTable
      label="Funds"
      rows={ROWS}
      columns={COLUMNS}
      minColumnWidth={60}
      maxColumnWidth={500}
      selection={{ ids, onChange: setIds }}
      onRowClick={onRowClick}
      emptyState={<p>Nothing here</p>}
    />
  );
}

describe('DataTable', () => {
  it('selects rows one by one and all at once, without opening them', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<SelectableTable onRowClick={onRowClick} />);
    const table = screen.getByRole('table', { name: 'Funds' });
    const boxes = within(table).getAllByRole('checkbox', { name: 'Select row' });

    await user.click(boxes[1]);
    expect(boxes[1]).toBeChecked();
    const all = within(table).getByRole('checkbox', { name: 'Select all rows' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await user.click(all);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
    await user.click(all);
    expect(boxes.some((box) => (box as HTMLInputElement).checked)).toBe(false);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('opens a row on a click or Enter, but not from a link inside it', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<SelectableTable onRowClick={onRowClick} />);
    await user.click(screen.getByRole('cell', { name: 'Beta Fund' }));
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);
    await user.click(screen.getByRole('link', { name: '9' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    screen.getByRole('cell', { name: 'Gamma Ventures' }).closest('tr')?.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[2]);
  });

  it('resizes a column with the arrow keys within its limits', async () => {
    const user = userEvent.setup();
    render(<SelectableTable onRowClick={() => {}} />);
    const handle = screen.getByRole('separator', { name: 'Resize Name' });
    expect(handle).toHaveAttribute('aria-valuenow', '200');
    handle.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '220');
    const size = screen.getByRole('separator', { name: 'Resize Size' });
    expect(size).toHaveAttribute('aria-valuenow', '150');
    size.focus();
    for (let i = 0; i < 12; i += 1) await user.keyboard('{ArrowLeft}');
    expect(size).toHaveAttribute('aria-valuenow', '60');
  });

  it('sorts by a header click where sortable, marking the column', async () => {
    const user = userEvent.setup();
    render(<DataTable label="List" rows={ROWS} columns={COLUMNS} sortable emptyState={<p>Nothing here</p>} />);
    expect(bodyNames()).toEqual(['Beta Fund', 'alpha Capital', 'Gamma Ventures']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(bodyNames()).toEqual(['alpha Capital', 'Beta Fund', 'Gamma Ventures']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['Gamma Ventures', 'Beta Fund', 'alpha Capital']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['Beta Fund', 'alpha Capital', 'Gamma Ventures']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
  });

  it('shows a spinner while the first rows load, and the empty state when there are none', () => {
    const { rerender } = render(<DataTable label="Funds" rows={[]} columns={COLUMNS} loading emptyState={<p>Nothing here</p>} />);
    expect(screen.getByRole('progressbar', { name: 'Loading Funds' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Funds' })).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable label="Funds" rows={[]} columns={COLUMNS} emptyState={<p>Nothing here</p>} />);
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
