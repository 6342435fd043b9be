import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { lazyValidation } from '@/lib/lazy-validation';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { ButtonLink, TextLink } from '@/components/RouterLinks/RouterLinks';
import { authErrorText } from '../api/auth-error-text';
import { useRegister } from '../api/register';
import type { RegisterValues } from '../forms/schemas';
import { AuthHeading } from './AuthHeading';
import { SentNotice } from './SentNotice';

const validate = lazyValidation<RegisterValues>(() => import('../forms/schemas').then((schemas) => schemas.registerSchema));

const initialValues: RegisterValues = { first_name: '', last_name: '', email: '', password: '' };

/** Sign Up: a 302 answer replaces the form with the confirmation; errors show the server's detail. */
export function RegisterForm() {
  const register = useRegister();
  const [serverError, setServerError] = useState<string>();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <SentNotice title="Check your inbox">
        <Typography>
          Registration successful! We&apos;ve sent a verification link to your email. Please check your inbox and follow
          the link to verify your account.
        </Typography>
        <ButtonLink to="/login" size="large" fullWidth sx={{ mt: 3 }}>
          Back to Login
        </ButtonLink>
      </SentNotice>
    );
  }

  return (
    <Box>
      <AuthHeading title="Create your account">Find the investors and funds that fit your startup.</AuthHeading>
      <Formik
        initialValues={initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await register.mutateAsync({
              first_name: values.first_name.trim(),
              last_name: values.last_name.trim(),
              email: values.email.trim(),
              password: values.password,
            });
            setDone(true);
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Sign up">
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.25}>
                <FormTextField name="first_name" label="First Name" autoComplete="given-name" required autoFocus />
                <FormTextField name="last_name" label="Last Name" autoComplete="family-name" required />
              </Stack>
              <FormTextField name="email" label="Email" type="email" autoComplete="email" required />
              <FormTextField
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                required
                helperText="At least 8 characters, with one special character."
              />
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                Sign Up
              </AppButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Already have an account? <TextLink to="/login">Log In</TextLink>
      </Typography>
    </Box>
  );
}
