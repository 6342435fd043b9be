import { useState, type ReactNode } from 'react';
import { Alert, Box, Stack } from '@mui/material';
import { useFormik, type FormikProps } from 'formik';
import type { Schema } from 'yup';
import { FormButtons } from '@/components/FormButtons/FormButtons';
import { TextInput } from '@/components/TextInput/TextInput';
import { apiErrorDetail } from '@/lib/api-client';
import { listFieldProps } from './field-props';

export interface ListTextValues {
  name: string;
  description: string;
}

export interface ListFormProps<V extends ListTextValues> {
  initialValues: V;
  validationSchema: Schema;
  /** Sends the values, name and description trimmed; a failure shows the server's detail above the fields. */
  onSubmit: (values: V) => Promise<void>;
  /** Said when the server gave no detail. */
  errorFallback: string;
  onCancel: () => void;
  submitLabel: string;
  placeholders?: ListTextValues;
  /** Fields after the name and description. */
  children?: (formik: FormikProps<V>) => ReactNode;
}

/** A list form in its modal: the server's error, name and description, more fields, and Cancel beside the submit button. */
export function ListForm<V extends ListTextValues>({
  initialValues,
  validationSchema,
  onSubmit,
  errorFallback,
  onCancel,
  submitLabel,
  placeholders,
  children,
}: ListFormProps<V>) {
  const [error, setError] = useState<unknown>(null);
  const formik = useFormik<V>({
    initialValues,
    validationSchema,
    validateOnChange: true,
    onSubmit: async (values) => {
      setError(null);
      try {
        await onSubmit({ ...values, name: values.name.trim(), description: values.description.trim() });
      } catch (failure) {
        setError(failure);
      }
    },
  });

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit}>
      <Stack spacing={2.5}>
        {error !== null && <Alert severity="error">{apiErrorDetail(error) ?? errorFallback}</Alert>}
        <TextInput {...listFieldProps(formik, 'name')} label="Name" required autoFocus placeholder={placeholders?.name} />
        <TextInput
          {...listFieldProps(formik, 'description')}
          label="Description"
          multiline
          minRows={3}
          placeholder={placeholders?.description}
        />
        {children?.(formik)}
        <FormButtons submitLabel={submitLabel} submitting={formik.isSubmitting} onCancel={onCancel} />
      </Stack>
    </Box>
  );
}
