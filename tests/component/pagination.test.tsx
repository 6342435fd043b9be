import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, paginationWindow } from '@/components/Pagination';

const wide = { edges: 1, around: 3 };
const narrow = { edges: 1, around: 1 };

describe('paginationWindow', () => {
  it('shows every page when there are few', () => {
    expect(paginationWindow(1, 1, wide)).toEqual([1]);
    expect(paginationWindow(2, 5, wide)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first and last page and 3 around the current one', () => {
    expect(paginationWindow(10, 20, wide)).toEqual([1, 'ellipsis-start', 9, 10, 11, 'ellipsis-end', 20]);
  });

  it('keeps 3 pages in the window at the edges', () => {
    expect(paginationWindow(1, 20, wide)).toEqual([1, 2, 3, 'ellipsis-end', 20]);
    expect(paginationWindow(20, 20, wide)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(paginationWindow(4, 20, wide)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 20]);
    expect(paginationWindow(17, 20, wide)).toEqual([1, 'ellipsis-start', 16, 17, 18, 19, 20]);
  });

  it('shows only the current page between the edges on extra-small screens', () => {
    expect(paginationWindow(10, 20, narrow)).toEqual([1, 'ellipsis-start', 10, 'ellipsis-end', 20]);
    expect(paginationWindow(1, 20, narrow)).toEqual([1, 'ellipsis-end', 20]);
  });

  it('clamps a current page outside the range and answers nothing for no pages', () => {
    expect(paginationWindow(99, 5, wide)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 0, wide)).toEqual([]);
  });
});

describe('Pagination', () => {
  it('disables Previous on the first page and reports the page clicked', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageCount={12} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onPageChange).toHaveBeenLastCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('disables Next on the last page and renders nothing for a single page', () => {
    const { rerender, container } = render(<Pagination page={3} pageCount={3} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    rerender(<Pagination page={1} pageCount={1} onPageChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
