import { MenuItem, TextField } from '@mui/material';
import type { ListSummary, ListType } from '@/shared/api-types';
import { useCreateList } from '../api/create-list';
import { createListSchema, LIST_TYPES } from './list-schema';
import { listFieldProps } from './field-props';
import { ListForm } from './ListForm';

export interface CreateListFormProps {
  defaultListType?: ListType;
  onCancel: () => void;
  onCreated: (list: ListSummary) => void;
}

const PLACEHOLDERS = { name: 'e.g. Seed investors in fintech', description: 'What is this list for?' };

export function CreateListForm({ defaultListType, onCancel, onCreated }: CreateListFormProps) {
  const createList = useCreateList();
  return (
    <ListForm<{ name: string; description: string; list_type: ListType | '' }>
      initialValues={{ name: '', description: '', list_type: defaultListType ?? '' }}
      validationSchema={createListSchema}
      onSubmit={async (values) => onCreated(await createList.mutateAsync({ ...values, list_type: values.list_type as ListType }))}
      errorFallback="The list could not be created. Please try again."
      onCancel={onCancel}
      submitLabel="Create List"
      placeholders={PLACEHOLDERS}
    >
      {(formik) => (
        <TextField {...listFieldProps(formik, 'list_type')} label="List type" required select>
          {LIST_TYPES.map((type) => (
            <MenuItem key={type.value} value={type.value}>
              {type.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    </ListForm>
  );
}
