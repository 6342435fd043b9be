import { Alert, Box, Button, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { isUnavailableOffline } from '@/features/offline';

/** The rows could not be loaded: never loaded on this device while offline, or an error. */
export function LoadError({ title, noun, error, onRetry }: { title: string; noun: string; error: unknown; onRetry: () => void }) {
  const offline = isUnavailableOffline(error);
  return (
    <Alert
      severity={offline ? 'info' : 'error'}
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {offline
        ? `Not available offline: ${noun} with these filters were never loaded on this device. Connect to the internet to see them.`
        : `${title} could not be loaded. Check your connection and try again.`}
    </Alert>
  );
}

/** No row matches (with Clear when filters or a search are set), or the catalogue is empty. */
export function EmptyResults({ noun, filtered, onClear }: { noun: string; filtered: boolean; onClear: () => void }) {
  return (
    <Box sx={{ py: 8, px: 3, textAlign: 'center' }}>
      <SearchOffIcon sx={{ fontSize: 40, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h5" component="p">
        No {noun} match
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, mb: 2 }}>
        {filtered ? 'Try fewer filters or a different search.' : `The catalogue has no ${noun} yet.`}
      </Typography>
      {filtered && (
        <Button variant="outlined" onClick={onClear}>
          Clear search and filters
        </Button>
      )}
    </Box>
  );
}
