import { useState, type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikErrors, type FormikValues } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { authErrorText } from '../api/auth-error-text';
import { AuthHeading } from './AuthHeading';

export interface AuthFormProps<V extends FormikValues> {
  title: string;
  intro: ReactNode;
  /** The form's accessible name. */
  label: string;
  initialValues: V;
  validate: (values: V) => Promise<FormikErrors<V>>;
  /** Sends the form; a failure shows the server's detail above the fields. */
  onSubmit: (values: V) => Promise<void>;
  submitLabel: string;
  /** The fields, between the error and the submit button. */
  children: ReactNode;
  /** The line under the form (links to the other auth screens). */
  footer: ReactNode;
}

/** An auth screen's form: heading, the server's error above the fields, validation as you type, one submit. */
export function AuthForm<V extends FormikValues>({
  title,
  intro,
  label,
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  children,
  footer,
}: AuthFormProps<V>) {
  const [serverError, setServerError] = useState<string>();
  return (
    <Box>
      <AuthHeading title={title}>{intro}</AuthHeading>
      <Formik
        initialValues={initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await onSubmit(values);
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={label}>
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              {children}
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                {submitLabel}
              </AppButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        {footer}
      </Typography>
    </Box>
  );
}
