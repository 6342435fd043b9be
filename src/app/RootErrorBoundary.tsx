import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';

interface RootErrorBoundaryProps {
  children: ReactNode;
  /** Starts the app again; a page reload by default. */
  onReload?: () => void;
}

/**
 * The last safety net: an error thrown outside every route's own error page (the providers, the sync
 * reporters, the toasts) would otherwise unmount the whole app and leave a blank page. It says what
 * happened and offers a reload; changes waiting to be sent are in IndexedDB and survive it.
 */
export class RootErrorBoundary extends Component<RootErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Fundscape stopped on an error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', px: 3, textAlign: 'center' }}>
        <Box role="alert" sx={{ maxWidth: 440 }}>
          <Typography variant="h2" component="h1">
            Something went wrong
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
            Fundscape stopped on an error. Reload to carry on: changes not sent yet are kept on this device.
          </Typography>
          <Button variant="contained" onClick={reload}>
            Reload
          </Button>
        </Box>
      </Box>
    );
  }
}
