import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchField } from '@/components/SearchField';

function Harness({ onCommit }: { onCommit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchField
        label="Search investors"
        placeholder="Search"
        value={value}
        debounceMs={200}
        onCommit={(next) => {
          onCommit(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('from the url')}>
        navigate
      </button>
    </>
  );
}

describe('SearchField', () => {
  it('commits fast typing once, 200 ms after the last key, trimmed', async () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search investors' }), ' partner ');
    expect(onCommit).not.toHaveBeenCalled();
    await waitFor(() => expect(onCommit).toHaveBeenCalledTimes(1));
    expect(onCommit).toHaveBeenCalledWith('partner');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(onCommit).toHaveBeenCalledTimes(1);
  });

  it('shows a value that changes from outside, and clears at once', async () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    await userEvent.click(screen.getByRole('button', { name: 'navigate' }));
    expect(screen.getByRole('searchbox')).toHaveValue('from the url');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onCommit).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });
});
