import { Box } from '@mui/material';
import { showToast } from '@/lib/toasts';
import { FormTextField } from '@/components/FormTextField/FormTextField';
import { TextLink } from '@/components/RouterLinks/RouterLinks';
import type { LoginCodeSent } from '@/shared/api-types';
import { useLogin } from '../api/login';
import { AuthForm } from './AuthForm';
import { AUTH_SCREENS } from './auth-screens';

export interface LoginFormProps {
  /** Called once the server has mailed the 6-digit code. */
  onCodeSent: (sent: LoginCodeSent) => void;
}

/** Log In: e-mail and password; any error but 302 shows the server's detail above the form. */
export function LoginForm({ onCodeSent }: LoginFormProps) {
  const login = useLogin();
  return (
    <AuthForm
      screen={AUTH_SCREENS.login}
      onSubmit={async (values) => {
        const sent = await login.mutateAsync({ email: values.email.trim(), password: values.password });
        showToast('OTP code sent successfully', { variant: 'success' });
        onCodeSent(sent);
      }}
      footer={
        <>
          Don&apos;t have an account? <TextLink to="/register">Sign Up</TextLink>
        </>
      }
    >
      <FormTextField name="email" label="Email" type="email" autoComplete="email" required autoFocus />
      <Box>
        <FormTextField name="password" label="Password" type="password" autoComplete="current-password" required />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <TextLink to="/forgot-password" variant="body2">
            Forgot Password?
          </TextLink>
        </Box>
      </Box>
    </AuthForm>
  );
}
