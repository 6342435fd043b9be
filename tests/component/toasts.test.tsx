// Toasts load their host (notistack) with the first one; what is asked for meanwhile still shows.
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material';
import { ToastProvider } from '@/app/toasts/ToastProvider';
import { theme } from '@/app/theme';
import { closeToast, showToast } from '@/lib/toasts';

describe('toasts', () => {
  it('mount no toast host until the first toast, then show every toast asked for while it loaded', async () => {
    render(
      <ThemeProvider theme={theme}>
        <ToastProvider>
          <p>page</p>
        </ToastProvider>
      </ThemeProvider>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();

    act(() => {
      showToast('List has been created', { variant: 'success' });
      showToast('Added 3 investors to Warm intros', { variant: 'success' });
    });
    expect(await screen.findByText('List has been created')).toBeInTheDocument();
    expect(await screen.findByText('Added 3 investors to Warm intros')).toBeInTheDocument();
    expect(document.querySelectorAll('.notistack-MuiContent-success')).toHaveLength(2);

    act(() => showToast('Password has been updated', { variant: 'error' }));
    expect(await screen.findByText('Password has been updated')).toBeInTheDocument();

    act(() => closeToast());
    await waitFor(() => expect(screen.queryByText('List has been created')).toBeNull());
  });
});
