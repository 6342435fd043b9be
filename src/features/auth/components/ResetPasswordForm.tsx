import { showToast } from '@/lib/toasts';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useResetPassword } from '../api/reset-password';
import { AuthForm } from './AuthForm';
import { AUTH_SCREENS } from './auth-screens';
import { NEW_PASSWORD_HINT } from './new-password-hint';

export interface ResetPasswordFormProps {
  /** The token from the mailed link. */
  token: string;
  /** Called after the toast 'Password has been updated'; the route goes to /login. */
  onReset: () => void;
}

/** Reset Password: new password and confirmation; on success the toast 'Password has been updated'. */
export function ResetPasswordForm({ token, onReset }: ResetPasswordFormProps) {
  const reset = useResetPassword();
  return (
    <AuthForm
      screen={AUTH_SCREENS.resetPassword}
      onSubmit={async (values) => {
        await reset.mutateAsync({ token, new_password: values.password, confirm_password: values.confirm_password });
        showToast('Password has been updated', { variant: 'success' });
        onReset();
      }}
      footer={<TextLink to="/login">Back to Log In</TextLink>}
    >
      <FormTextField
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        helperText={NEW_PASSWORD_HINT}
      />
      <FormTextField name="confirm_password" label="Confirm Password" type="password" autoComplete="new-password" required />
    </AuthForm>
  );
}
