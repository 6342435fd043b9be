import { useFormik } from 'formik';
import { Alert, Box, MenuItem, Stack, TextField } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { TextInput } from '@/components/TextInput/TextInput';
import type { ListSummary, ListType } from '@/shared/api-types';
import { useCreateList } from '../api/create-list';
import { apiErrorDetail } from '@/lib/api-client';
import { createListSchema, LIST_TYPES } from './list-schema';
import { listFieldProps } from './field-props';

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
    <Box component="form" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        {createList.isError && <Alert severity="error">{apiErrorDetail(createList.error) ?? 'The list could not be created. Please try again.'}</Alert>}
        <TextInput {...listFieldProps(formik, 'name')} label="Name" required autoFocus placeholder="e.g. Seed investors in fintech" />
        <TextInput
          {...listFieldProps(formik, 'description')}
          label="Description"
          multiline
          minRows={3}
          placeholder="What is this list for?"
        />
        <TextField {...listFieldProps(formik, 'list_type')} label="List type" required select>
          {LIST_TYPES.map((type) => (
            <MenuItem key={type.value} value={type.value}>
              {type.label}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <AppButton variant="secondary" onClick={onCancel}>
            Cancel
          </AppButton>
          <AppButton type="submit" loading={formik.isSubmitting}>
            Create List
          </AppButton>
        </Stack>
      </Stack>
    </Box>
  );
}
