import { useFormik } from 'formik';
import type { ListSummary } from '@/shared/api-types';
import { useUpdateList } from '../api/update-list';
import { editListSchema } from './list-schema';
import { ListFormFrame, ListTextFields } from './ListFormFrame';

export interface EditListFormProps {
  list: ListSummary;
  onCancel: () => void;
  onSaved: () => void;
}

interface Values {
  name: string;
  description: string;
}

/** Rename a list and edit its description. */
export function EditListForm({ list, onCancel, onSaved }: EditListFormProps) {
  const updateList = useUpdateList();
  const formik = useFormik<Values>({
    initialValues: { name: list.name, description: list.description ?? '' },
    validationSchema: editListSchema,
    onSubmit: async (values) => {
      await updateList.mutateAsync({ listId: list.id, name: values.name.trim(), description: values.description.trim() });
      onSaved();
    },
  });

  return (
    <ListFormFrame
      onSubmit={formik.handleSubmit}
      error={updateList.error}
      errorFallback="The list could not be saved. Please try again."
      onCancel={onCancel}
      submitLabel="Save Changes"
      submitting={formik.isSubmitting}
    >
      <ListTextFields formik={formik} />
    </ListFormFrame>
  );
}
