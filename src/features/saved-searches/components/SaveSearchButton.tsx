import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import { ModalButton } from '@/components/Modal/ModalButton';
import { DEFAULT_SAVED_SEARCH_ALERT, type SavedSearchKind, type SavedSearchQuery } from '@/shared/saved-searches';
import { lazyComponent } from '@/features/offline';
import { useCreateSavedSearch } from '../api/create-saved-search';
import type { SavedSearchValues } from '../forms/saved-search-schema';
import { suggestedName } from '../suggested-name';
import { reportOutcome } from './report-outcome';

// The form, formik and yup load when the dialog first opens, not with the catalogue page.
const SavedSearchForm = lazyComponent(() => import('../forms/SavedSearchForm').then((module) => ({ default: module.SavedSearchForm })));

export interface SaveSearchButtonProps {
  kind: SavedSearchKind;
  /** The page's search call without page and per_page: what is saved. */
  query: SavedSearchQuery;
  /** An icon button (beside a phone's heading). */
  compact?: boolean;
}

/** 'Save search' on a catalogue page: names the page's filters, term and order, and chooses their alert. */
export function SaveSearchButton({ kind, query, compact = false }: SaveSearchButtonProps) {
  const create = useCreateSavedSearch();

  const save = async ({ name, alert }: SavedSearchValues, close: () => void) => {
    const outcome = await create.mutateAsync({ name, kind, query, alert });
    close();
    reportOutcome(outcome, `Saved “${name}”`);
  };

  return (
    <ModalButton
      label="Save search"
      icon={<BookmarkAddOutlinedIcon />}
      iconOnly={compact}
      width={520}
      title="Save search"
      description={`Keep these filters, search and order in the sidebar, and hear when new ${kind} match them.`}
    >
      {(close) => (
        // Mounted only while open, so every opening starts from the page as it is then.
        <SavedSearchForm
          initialValues={{ name: suggestedName(kind, query), alert: DEFAULT_SAVED_SEARCH_ALERT }}
          withAlert
          noun={kind}
          submitLabel="Save search"
          onSubmit={(values) => save(values, close)}
          onCancel={close}
        />
      )}
    </ModalButton>
  );
}
