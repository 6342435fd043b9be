import { useMemo, useState, type ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik, type FormikValues } from 'formik';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { lazyValidation } from '@/lib/lazy-validation';
import { authErrorText } from '../api/auth-error-text';
import { AuthHeading } from './AuthHeading';
import type { AuthScreen } from './auth-screens';
import { SentNotice } from './SentNotice';

export interface AuthFormProps<V extends FormikValues> {
  /** What the screen says, its starting values and the rules it validates with (auth-screens.ts). */
  screen: AuthScreen<V>;
  /** Sends the form; a failure shows the server's detail above the fields. */
  onSubmit: (values: V) => Promise<void>;
  /** Where the form is replaced once sent (a mail is on its way): what to tell the user. */
  sentNotice?: ReactNode;
  /** The fields, between the error and the submit button. */
  children: ReactNode;
  /** The line under the form (links to the other auth screens). */
  footer: ReactNode;
}

/** An auth screen's form: heading, the server's error above the fields, validation as you type, one submit. */
export function AuthForm<V extends FormikValues>({ screen, onSubmit, sentNotice, children, footer }: AuthFormProps<V>) {
  const [serverError, setServerError] = useState<string>();
  const [sent, setSent] = useState(false);
  const validate = useMemo(
    () => lazyValidation<V>(() => import('../forms/schemas').then((schemas) => schemas[screen.schema])),
    [screen.schema],
  );

  if (sent && sentNotice) return <SentNotice>{sentNotice}</SentNotice>;

  return (
    <Box>
      <AuthHeading title={screen.title}>{screen.intro}</AuthHeading>
      <Formik
        initialValues={screen.initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await onSubmit(values);
            setSent(true);
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={screen.label}>
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              {children}
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                {screen.submitLabel}
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
