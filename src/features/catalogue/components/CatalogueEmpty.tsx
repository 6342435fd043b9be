import { Button } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { NoRowsMessage, RowsLoadError } from '@/components/RowsMessage/RowsMessage';
import { isUnavailableOffline } from '@/features/offline';

/** The rows could not be loaded: never loaded on this device while offline, or an error. */
export function LoadError({ title, noun, error, onRetry }: { title: string; noun: string; error: unknown; onRetry: () => void }) {
  const offline = isUnavailableOffline(error);
  return (
    <RowsLoadError offline={offline} onRetry={onRetry}>
      {offline
        ? `Not available offline: ${noun} with these filters were never loaded on this device. Connect to the internet to see them.`
        : `${title} could not be loaded. Check your connection and try again.`}
    </RowsLoadError>
  );
}

/** No row matches (with Clear when filters or a search are set), or the catalogue is empty. */
export function EmptyResults({ noun, filtered, onClear }: { noun: string; filtered: boolean; onClear: () => void }) {
  return (
    <NoRowsMessage
      icon={SearchOffIcon}
      title={`No ${noun} match`}
      detail={filtered ? 'Try fewer filters or a different search.' : `The catalogue has no ${noun} yet.`}
      action={
        filtered && (
          <Button variant="outlined" onClick={onClear}>
            Clear search and filters
          </Button>
        )
      }
    />
  );
}
