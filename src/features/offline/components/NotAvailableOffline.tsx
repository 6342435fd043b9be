import { Box, Button, Typography } from '@mui/material';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { useOnlineStatus } from '@/lib/use-online-status';

export interface NotAvailableOfflineProps {
  /** Loads the page again; offered once the browser is back online. */
  onRetry: () => void;
}

/** What a page that was never opened online shows while offline: no saved copy, and how to get one. */
export function NotAvailableOffline({ onRetry }: NotAvailableOfflineProps) {
  usePageTitle('Not available offline');
  const online = useOnlineStatus();
  return (
    <Box role="alert" sx={{ display: 'grid', placeItems: 'center', minHeight: '50vh', px: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 460 }}>
        <CloudOffOutlinedIcon sx={{ fontSize: 44, color: 'text.secondary', mb: 1 }} aria-hidden />
        <Typography variant="h2" component="h1">
          Not available offline
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1.5, mb: 3 }}>
          {online
            ? 'You are back online. Load the page to see it.'
            : 'This page has not been opened on this device while online, so there is no saved copy. Pages you have opened before still work. Connect to the internet to load this one.'}
        </Typography>
        <Button variant="contained" onClick={onRetry} disabled={!online}>
          {online ? 'Load page' : 'Waiting for a connection…'}
        </Button>
      </Box>
    </Box>
  );
}
