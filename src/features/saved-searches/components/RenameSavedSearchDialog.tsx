import { Modal } from '@/components/Modal/Modal';
import type { SavedSearch } from '@/shared/saved-searches';
import { lazyComponent } from '@/features/offline';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import type { SavedSearchValues } from '../forms/saved-search-schema';
import { reportOutcome } from './report-outcome';

const SavedSearchForm = lazyComponent(() => import('../forms/SavedSearchForm').then((module) => ({ default: module.SavedSearchForm })));

export function RenameSavedSearchDialog({ saved, open, onClose }: { saved: SavedSearch; open: boolean; onClose: () => void }) {
  const change = useUpdateSavedSearch();
  const rename = async ({ name }: SavedSearchValues) => {
    if (name !== saved.name) reportOutcome(await change.mutateAsync({ saved, change: { name } }), `Renamed to “${name}”`);
    onClose();
  };
  return (
    <Modal open={open} onClose={onClose} width={520} title="Rename saved search">
      {open && (
        <SavedSearchForm
          initialValues={{ name: saved.name, alert: saved.alert }}
          withAlert={false}
          submitLabel="Rename"
          onSubmit={rename}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}
