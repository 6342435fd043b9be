import type { SxProps, Theme } from '@mui/material';
import { SearchField } from '@/components/SearchField';
import { SEARCH_DEBOUNCE_MS } from '@/shared/constants';
import type { AnyCatalogueKind } from '../catalogue-kind';

/** A catalogue page's search box: the URL's search term, committed once typing pauses. */
export function CatalogueSearchField({
  kind,
  term,
  onCommit,
  sx,
}: {
  kind: AnyCatalogueKind;
  /** The committed term, the URL's. */
  term: string;
  onCommit: (term: string) => void;
  sx: SxProps<Theme>;
}) {
  return (
    <SearchField
      label={`Search ${kind.noun}`}
      placeholder={kind.searchPlaceholder}
      value={term}
      onCommit={onCommit}
      debounceMs={SEARCH_DEBOUNCE_MS}
      sx={sx}
    />
  );
}
