import { useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { showToast } from '@/lib/toasts';
import { lazyValidation } from '@/lib/lazy-validation';
import { AppButton } from '@/components/AppButton/AppButton';
import { FormAlert } from '@/components/FormAlert/FormAlert';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { authErrorText } from '../api/auth-error-text';
import { useResetPassword } from '../api/reset-password';
import type { ResetPasswordValues } from '../forms/schemas';
import { AuthHeading } from './AuthHeading';

const validate = lazyValidation<ResetPasswordValues>(() => import('../forms/schemas').then((schemas) => schemas.resetPasswordSchema));

export interface ResetPasswordFormProps {
  /** The token from the mailed link. */
  token: string;
  /** Called after the toast 'Password has been updated'; the route goes to /login. */
  onReset: () => void;
}

const initialValues: ResetPasswordValues = { password: '', confirm_password: '' };

/** Reset Password: new password and confirmation; on success the toast 'Password has been updated'. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string>();

  return (
    <Box>
      <AuthHeading title="Set a new password">Choose a password you have not used here before.</AuthHeading>
      <Formik
        initialValues={initialValues}
        validate={validate}
        validateOnChange
        onSubmit={async (values) => {
          setServerError(undefined);
          try {
            await reset.mutateAsync({ token, new_password: values.password, confirm_password: values.confirm_password });
            showToast('Password has been updated', { variant: 'success' });
            onReset();
          } catch (error) {
            setServerError(authErrorText(error));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Reset password">
            <FormAlert message={serverError} />
            <Stack spacing={2.25}>
              <FormTextField
                name="password"
                label="New Password"
                type="password"
                autoComplete="new-password"
                required
                autoFocus
                helperText="At least 8 characters, with one special character."
              />
              <FormTextField name="confirm_password" label="Confirm Password" type="password" autoComplete="new-password" required />
              <AppButton type="submit" size="large" fullWidth loading={isSubmitting}>
                Reset Password
              </AppButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        <TextLink to="/login">Back to Log In</TextLink>
      </Typography>
    </Box>
  );
}
