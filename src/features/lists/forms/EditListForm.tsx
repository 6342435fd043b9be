import { useFormik } from 'formik';
import { Alert, Box, Stack } from '@mui/material';
import { AppButton } from '@/components/AppButton/AppButton';
import { TextInput } from '@/components/TextInput/TextInput';
import { apiErrorDetail } from '@/lib/api-client';
import type { ListSummary } from '@/shared/api-types';
import { useUpdateList } from '../api/update-list';
import { editListSchema } from './list-schema';
import { listFieldProps } from './field-props';

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
    <Box component="form" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        {updateList.isError && (
          <Alert severity="error">{apiErrorDetail(updateList.error) ?? 'The list could not be saved. Please try again.'}</Alert>
        )}
        <TextInput {...listFieldProps(formik, 'name')} label="Name" required autoFocus />
        <TextInput {...listFieldProps(formik, 'description')} label="Description" multiline minRows={3} />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <AppButton variant="secondary" onClick={onCancel}>
            Cancel
          </AppButton>
          <AppButton type="submit" loading={formik.isSubmitting}>
            Save Changes
          </AppButton>
        </Stack>
      </Stack>
    </Box>
  );
}
