import { useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { takeReturnAfterSignUp, type RedirectSearch } from '../../../redirect-target';

/**
 * Log In, at both / and /login: a sent code leads to /verify with the e-mail and user id, and where to land
 * after it (the page asked for, else one remembered before signing up).
 */
export function LoginPage({ search }: { search: RedirectSearch }) {
  usePageTitle('Log In');
  const navigate = useNavigate();
  return (
    <LoginForm
      onCodeSent={(sent) =>
        void navigate({
          to: '/verify',
          search: { email: sent.email, user_id: sent.user_id, redirect: search.redirect ?? takeReturnAfterSignUp() },
        })
      }
    />
  );
}
