// Generic UI: the modal, the four button styles, Alt+T focusing the toasts, and the root error boundary.
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material';
import { showToast } from '@/lib/toasts';
import { Modal } from '@/components/Modal/Modal';
import { AppButton } from '@/components/AppButton/AppButton';
import { ToastProvider } from '@/app/toasts/ToastProvider';
import { RootErrorBoundary } from '@/app/RootErrorBoundary';
import { theme } from '@/app/theme';

function ModalHarness({ width }: { width?: number }) {
  const [open, setOpen] = useState(true);
  return (
    <ThemeProvider theme={theme}>
      <p>{open ? 'open' : 'closed'}</p>
      <Modal open={open} onClose={() => setOpen(false)} title="Create List" width={width} actions={<AppButton>Save</AppButton>}>
        body
      </Modal>
    </ThemeProvider>
  );
}

describe('Modal', () => {
  it('locks page scrolling while open and closes on a backdrop click', async () => {
    render(<ModalHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Create List' });
    expect(dialog).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop!);
    fireEvent.click(backdrop!);
    expect(await screen.findByText('closed')).toBeInTheDocument();
    await waitFor(() => expect(document.body.style.overflow).not.toBe('hidden'));
  });

  it('closes with Escape and with its close button', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ModalHarness />);
    await user.keyboard('{Escape}');
    expect(await screen.findByText('closed')).toBeInTheDocument();
    unmount();
    render(<ModalHarness />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('closed')).toBeInTheDocument();
  });

  it('is never narrower than 390 px', () => {
    render(<ModalHarness width={200} />);
    const paper = document.querySelector('.MuiDialog-paper') as HTMLElement;
    const style = getComputedStyle(paper);
    expect(style.width).toBe('390px');
    expect(style.minWidth).toContain('390px');
  });
});

describe('AppButton', () => {
  it('comes in primary, secondary, transparent and delete styles', () => {
    render(
      <ThemeProvider theme={theme}>
        <AppButton>Primary</AppButton>
        <AppButton variant="secondary">Secondary</AppButton>
        <AppButton variant="transparent">Transparent</AppButton>
        <AppButton variant="delete">Delete</AppButton>
      </ThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Primary' })).toHaveClass('MuiButton-contained', 'MuiButton-colorPrimary');
    expect(screen.getByRole('button', { name: 'Secondary' })).toHaveClass('MuiButton-outlined');
    expect(screen.getByRole('button', { name: 'Transparent' })).toHaveClass('MuiButton-text');
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('MuiButton-contained', 'MuiButton-colorError');
  });
});

function ToastHarness() {
  return (
    <>
      <input aria-label="elsewhere" />
      <button onClick={() => showToast('Plain toast')}>plain</button>
      <button onClick={() => showToast('With action', { action: () => <button>Go to List</button> })}>action</button>
    </>
  );
}

describe('toasts', () => {
  function renderToasts() {
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <ToastHarness />
        </ToastProvider>
      </ThemeProvider>,
    );
  }

  it('Alt+T moves focus to the toast', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'plain' }));
    const toast = (await screen.findByText('Plain toast')).closest('[role="alert"]');
    await user.click(screen.getByLabelText('elsewhere'));
    await user.keyboard('{Alt>}t{/Alt}');
    expect(toast).toHaveFocus();
  });

  it('Alt+T moves focus to the action of a toast that has one', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByRole('button', { name: 'action' }));
    const action = await screen.findByRole('button', { name: 'Go to List' });
    await user.click(screen.getByLabelText('elsewhere'));
    await user.keyboard('{Alt>}t{/Alt}');
    expect(action).toHaveFocus();
  });

  it('Alt+T without a toast leaves the focus where it is', async () => {
    const user = userEvent.setup();
    renderToasts();
    await user.click(screen.getByLabelText('elsewhere'));
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.getByLabelText('elsewhere')).toHaveFocus();
  });
});

describe('the root error boundary', () => {
  function Breaks({ when }: { when: boolean }) {
    if (when) throw new Error('a provider broke');
    return <p>the app</p>;
  }

  it('shows the app while nothing throws, and a reload instead of a blank page when something does', async () => {
    const user = userEvent.setup();
    const reloads: number[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ui = (when: boolean) => (
      <ThemeProvider theme={theme}>
        <RootErrorBoundary onReload={() => reloads.push(1)}>
          <Breaks when={when} />
        </RootErrorBoundary>
      </ThemeProvider>
    );
    const { rerender } = render(ui(false));
    expect(screen.getByText('the app')).toBeInTheDocument();

    rerender(ui(true));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Fundscape stopped on an error. Reload to carry on: changes not sent yet are kept on this device.');
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    expect(logged.mock.calls.some((args) => String(args[1]).includes('a provider broke'))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloads).toEqual([1]);
    logged.mockRestore();
  });
});
