import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TableColumn } from '@/components/DataGrid';
import { AppDataGrid } from '@/components/DataGrid/AppDataGrid';
import { measureScrollbarSize } from '@/components/DataGrid/scrollbar-size';
import { preloadGridChunk } from '../helpers/grid-chunk';

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Ada Lovelace' },
  { id: 2, name: 'Grace Hopper' },
];
const columns: TableColumn<Row>[] = [{ field: 'name', headerName: 'Name', width: 200, text: (row) => row.name }];

/** jsdom lays nothing out: this gives every element a 15 px scrollbar, as a desktop browser with classic scrollbars. */
function classicScrollbars() {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(99);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(84);
}

preloadGridChunk();
afterEach(() => vi.restoreAllMocks());

describe('the grid and the scrollbar', () => {
  it('is handed the scrollbar measured before the app renders, and probes nothing as it mounts', async () => {
    classicScrollbars();
    measureScrollbarSize();

    // MUI X's own measurement appends a probe element inside the grid: a second style and layout of the
    // page in the commit that mounts it.
    const probes: Element[] = [];
    const collect = (records: MutationRecord[]) =>
      records.forEach((record) => record.addedNodes.forEach((node) => node instanceof Element && node.matches('.scrollDiv') && probes.push(node)));
    const observer = new MutationObserver(collect);
    observer.observe(document.body, { childList: true, subtree: true });
    render(<AppDataGrid label="People" tableId="people" rows={rows} columns={columns} pageSize={15} />);
    expect(await screen.findByRole('grid', { name: 'People' })).toBeInTheDocument();
    collect(observer.takeRecords());
    observer.disconnect();

    expect(probes).toEqual([]);
    const root = document.querySelector<HTMLElement>('.MuiDataGrid-root')!;
    expect(root.style.getPropertyValue('--DataGrid-scrollbarSize')).toBe('15px');
  });
});
