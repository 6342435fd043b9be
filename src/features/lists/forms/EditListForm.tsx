import type { ListSummary } from '@/shared/api-types';
import { useUpdateList } from '../api/update-list';
import { editListSchema } from './list-schema';
import { ListForm } from './ListForm';

export interface EditListFormProps {
  list: ListSummary;
  onCancel: () => void;
  onSaved: () => void;
}

/** Rename a list and edit its description. */
export function EditListForm({ list, onCancel, onSaved }: EditListFormProps) {
  const updateList = useUpdateList();
  return (
    <ListForm
      initialValues={{ name: list.name, description: list.description ?? '' }}
      validationSchema={editListSchema}
      onSubmit={async (values) => {
        await updateList.mutateAsync({ listId: list.id, ...values });
        onSaved();
      }}
      errorFallback="The list could not be saved. Please try again."
      onCancel={onCancel}
      submitLabel="Save Changes"
    />
  );
}
