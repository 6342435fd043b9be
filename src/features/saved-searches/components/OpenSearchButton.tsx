import SearchIcon from '@mui/icons-material/Search';
import { ButtonLink } from '@/components/RouterLinks/RouterLinks';
import type { SavedSearch } from '@/shared/saved-searches';
import { useMarkSeen } from '../api/mark-seen';
import { savedSearchLocation } from '../saved-search-url';

/** Opens the saved search's catalogue page as it was saved, and marks it seen. */
export function OpenSearchButton({ saved }: { saved: SavedSearch }) {
  const markSeen = useMarkSeen();
  return (
    <ButtonLink {...savedSearchLocation(saved)} startIcon={<SearchIcon />} onClick={() => markSeen.mutate(saved)}>
      Open search
    </ButtonLink>
  );
}
