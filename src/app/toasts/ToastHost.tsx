import { useEffect } from 'react';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { styled } from '@mui/material/styles';
import { attachToastHost } from '@/lib/toasts';

const TOAST_DURATION_MS = 5000;

const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontSize: '0.875rem',
  fontWeight: 500,
  borderRadius: 10,
  boxShadow: '0 12px 32px -12px rgba(17, 24, 39, 0.45)',
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.light}`, outlineOffset: 2 },
  '&.notistack-MuiContent-default': { backgroundColor: theme.palette.grey[900] },
  '&.notistack-MuiContent-success': { backgroundColor: '#047857' },
  '&.notistack-MuiContent-error': { backgroundColor: '#b91c1c' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.primary.dark },
}));

/** notistack with the product's defaults (top-right, closing after 5000 ms), loaded with the first toast. */
export default function ToastHost() {
  useEffect(
    () =>
      attachToastHost({
        show: (message, options) => enqueueSnackbar(message, options),
        close: (key) => closeSnackbar(key),
      }),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      Components={{ default: Toast, success: Toast, error: Toast, info: Toast, warning: Toast }}
    />
  );
}
