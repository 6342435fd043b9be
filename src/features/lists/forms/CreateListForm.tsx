import { useFormik } from 'formik';
import { MenuItem, TextField } from '@mui/material';
import type { ListSummary, ListType } from '@/shared/api-types';
import { useCreateList } from '../api/create-list';
import { createListSchema, LIST_TYPES } from './list-schema';
import { listFieldProps } from './field-props';
import { ListFormFrame, ListTextFields } from './ListFormFrame';

export interface CreateListFormProps {
  defaultListType?: ListType;
  onCancel: () => void;
  onCreated: (list: ListSummary) => void;
}

interface Values {
  name: string;
  description: string;
  list_type: ListType | '';
}

const PLACEHOLDERS = { name: 'e.g. Seed investors in fintech', description: 'What is this list for?' };

export function CreateListForm({ defaultListType, onCancel, onCreated }: CreateListFormProps) {
  const createList = useCreateList();
  const formik = useFormik<Values>({
    initialValues: { name: '', description: '', list_type: defaultListType ?? '' },
    validationSchema: createListSchema,
    validateOnChange: true,
    onSubmit: async (values) => {
      const list = await createList.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim(),
        list_type: values.list_type as ListType,
      });
      onCreated(list);
    },
  });

  return (
    <ListFormFrame
      onSubmit={formik.handleSubmit}
      error={createList.error}
      errorFallback="The list could not be created. Please try again."
      onCancel={onCancel}
      submitLabel="Create List"
      submitting={formik.isSubmitting}
    >
      <ListTextFields formik={formik} placeholders={PLACEHOLDERS} />
      <TextField {...listFieldProps(formik, 'list_type')} label="List type" required select>
        {LIST_TYPES.map((type) => (
          <MenuItem key={type.value} value={type.value}>
            {type.label}
          </MenuItem>
        ))}
      </TextField>
    </ListFormFrame>
  );
}
