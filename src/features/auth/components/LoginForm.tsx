import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { showToast } from '@/lib/toasts';
import { lazyValidation } from '@/lib/lazy-validation';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import type { LoginCodeSent } from '@/shared/api-types';
import { authErrorText } from '../api/auth-error-text';
import { useLogin } from '../api/login';
import type { LoginValues } from '../forms/schemas';
import { AuthHeading } from './AuthHeading';

const validate = lazyValidation<LoginValues>(() => import('../forms/schemas').then((schemas) => schemas.loginSchema));

export interface LoginFormProps {
  /** Called once the server has mailed the 6-digit code. */
  onCodeSent: (sent: LoginCodeSent) => void;
}

const initialValues: LoginValues = { email: '', password: '' };

/** Log In: e-mail and password; any error but 302 shows the server's detail above the form. */
export function LoginForm({ onCodeSent }: LoginFormProps) {
  const login = useLogin();
  const [serverError, setServerError] = useState<string>();

  return (
    <Box>
      <AuthHeading title="Log in to Fundscape">Welcome back. Enter your details to continue.</AuthHeading>
      <Formik
        initialValues={initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            const sent = await login.mutateAsync({ email: values.email.trim(), password: values.password });
            showToast('OTP code sent successfully', { variant: 'success' });
            onCodeSent(sent);
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Log in">
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              <FormTextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
              <Box>
                <FormTextField name="password" label="Password" type="password" autoComplete="current-password" required />
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                  <TextLink to="/forgot-password" variant="body2">
                    Forgot Password?
                  </TextLink>
                </Box>
              </Box>
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                Log In
              </AppButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        Don&apos;t have an account? <TextLink to="/register">Sign Up</TextLink>
      </Typography>
    </Box>
  );
}
