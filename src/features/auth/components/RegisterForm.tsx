import { Stack } from '@mui/material';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import { useRegister } from '../api/register';
import { AuthForm } from './AuthForm';
import { AUTH_SCREENS } from './auth-screens';
import { NEW_PASSWORD_HINT } from './new-password-hint';

/** Sign Up: a 302 answer replaces the form with the confirmation; errors show the server's detail. */
export function RegisterForm() {
  const register = useRegister();
  return (
    <AuthForm
      screen={AUTH_SCREENS.register}
      onSubmit={async (values) => {
        await register.mutateAsync({
          first_name: values.first_name.trim(),
          last_name: values.last_name.trim(),
          email: values.email.trim(),
          password: values.password,
        });
      }}
      sentNotice={
        <>
          Registration successful! We&apos;ve sent a verification link to your email. Please check your inbox and follow
          the link to verify your account.
        </>
      }
      footer={
        <>
          Already have an account? <TextLink to="/login">Log In</TextLink>
        </>
      }
    >
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
        helperText={NEW_PASSWORD_HINT}
      />
    </AuthForm>
  );
}
