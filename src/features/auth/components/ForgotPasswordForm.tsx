import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useForgotPassword } from '../api/forgot-password';
import { AuthForm } from './AuthForm';
import { AUTH_SCREENS } from './auth-screens';

/** Forgot Password: after submit the form is replaced by the confirmation text. */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  return (
    <AuthForm
      screen={AUTH_SCREENS.forgotPassword}
      onSubmit={async (values) => {
        await forgot.mutateAsync(values.email.trim());
      }}
      sentNotice={
        <>
          We&apos;ve sent you a password reset link! Please check your email and follow the instructions to reset your
          password.
        </>
      }
      footer={
        <>
          Remembered it? <TextLink to="/login">Back to Log In</TextLink>
        </>
      }
    >
      <FormTextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
    </AuthForm>
  );
}
