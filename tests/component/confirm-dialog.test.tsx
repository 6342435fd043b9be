// The confirmation before a destructive change (delete a list, a saved search, a contact; undo an import):
// its title, what it costs, Cancel, and the change's own button, spinning while the change is under way.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material';
import { theme } from '@/app/theme';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';

function renderDialog({ pending = false, children }: { pending?: boolean; children?: React.ReactNode } = {}) {
  const onCancel = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <ConfirmDialog
        open
        title="Are you sure?"
        description="Deleting your list is permanent and arreversible."
        confirmLabel="Delete List"
        pending={pending}
        onCancel={onCancel}
        onConfirm={onConfirm}
      >
        {children}
      </ConfirmDialog>
    </ThemeProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Are you sure?' }), onCancel, onConfirm };
}

describe('ConfirmDialog', () => {
  it('says what the change costs and makes it only when confirmed', async () => {
    const user = userEvent.setup();
    const { dialog, onCancel, onConfirm } = renderDialog();
    expect(dialog).toHaveAccessibleDescription('Deleting your list is permanent and arreversible.');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(3);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete List' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('spins on its button while the change is under way, and cannot be confirmed twice', () => {
    const { dialog } = renderDialog({ pending: true });
    const confirm = within(dialog).getByRole('button', { name: 'Delete List' });
    expect(confirm).toBeDisabled();
    expect(within(confirm).getByRole('progressbar')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('shows what it is given below the description', () => {
    const { dialog } = renderDialog({ children: <p>The server said no.</p> });
    expect(within(dialog).getByText('The server said no.')).toBeInTheDocument();
  });
});
