import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { lazyValidation } from '@/lib/lazy-validation';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { ButtonLink, TextLink } from '@/components/RouterLinks/RouterLinks';
import { authErrorText } from '../api/auth-error-text';
import { useForgotPassword } from '../api/forgot-password';
import type { ForgotPasswordValues } from '../forms/schemas';
import { AuthHeading } from './AuthHeading';
import { SentNotice } from './SentNotice';

const validate = lazyValidation<ForgotPasswordValues>(() => import('../forms/schemas').then((schemas) => schemas.forgotPasswordSchema));

const initialValues: ForgotPasswordValues = { email: '' };

/** Forgot Password: after submit the form is replaced by the confirmation text. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const [serverError, setServerError] = useState<string>();
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <SentNotice title="Check your inbox">
        <Typography>
          We&apos;ve sent you a password reset link! Please check your email and follow the instructions to reset your
          password.
        </Typography>
        <ButtonLink to="/login" variant="secondary" size="large" fullWidth sx={{ mt: 3 }}>
          Back to Login
        </ButtonLink>
      </SentNotice>
    );
  }

  return (
    <Box>
      <AuthHeading title="Forgot your password?">Enter the e-mail you signed up with and we will send you a reset link.</AuthHeading>
      <Formik
        initialValues={initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await forgot.mutateAsync(values.email.trim());
            setSent(true);
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Forgot password">
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              <FormTextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                Reset Password
              </AppButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it? <TextLink to="/login">Back to Log In</TextLink>
      </Typography>
    </Box>
  );
}
