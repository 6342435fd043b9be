import type { FormEvent, ReactNode } from 'react';
import { Alert, Box, Stack } from '@mui/material';
import type { FormikProps } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { TextInput } from '@/components/TextInput/TextInput';
import { apiErrorDetail } from '@/lib/api-client';
import { listFieldProps } from './field-props';

export interface ListFormFrameProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The failed call's error (its server detail is shown), or null. */
  error: unknown;
  /** Said when the server gave no detail. */
  errorFallback: string;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  children: ReactNode;
}

/** A list form in its modal: the server's error, the fields, and Cancel beside the submit button. */
export function ListFormFrame({ onSubmit, error, errorFallback, onCancel, submitLabel, submitting, children }: ListFormFrameProps) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Stack spacing={2.5}>
        {error !== null && error !== undefined && <Alert severity="error">{apiErrorDetail(error) ?? errorFallback}</Alert>}
        {children}
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', pt: 1 }}>
          <AppButton variant="secondary" onClick={onCancel}>
            Cancel
          </AppButton>
          <AppButton type="submit" loading={submitting}>
            {submitLabel}
          </AppButton>
        </Stack>
      </Stack>
    </Box>
  );
}

/** A list's name and description fields, bound to the form. */
export function ListTextFields<V extends { name: string; description: string }>({
  formik,
  placeholders,
}: {
  formik: FormikProps<V>;
  placeholders?: { name: string; description: string };
}) {
  return (
    <>
      <TextInput {...listFieldProps(formik, 'name')} label="Name" required autoFocus placeholder={placeholders?.name} />
      <TextInput
        {...listFieldProps(formik, 'description')}
        label="Description"
        multiline
        minRows={3}
        placeholder={placeholders?.description}
      />
    </>
  );
}
