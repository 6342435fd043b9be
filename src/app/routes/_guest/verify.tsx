import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { VerifyCodeForm } from '@/features/auth/components/VerifyCodeForm';
import { HOME_PATH, safeRedirect } from '../../redirect-target';

interface VerifySearch {
  email?: string;
  user_id?: number;
  redirect?: string;
}

function validateVerifySearch(search: Record<string, unknown>): VerifySearch {
  const userId = Number(search.user_id);
  return {
    email: typeof search.email === 'string' && search.email.includes('@') ? search.email : undefined,
    user_id: Number.isInteger(userId) && userId > 0 ? userId : undefined,
    redirect: safeRedirect(search.redirect),
  };
}

/** Enter the 6-digit code; it needs the e-mail and user id from login, else back to /login. */
export const Route = createFileRoute('/_guest/verify')({
  validateSearch: validateVerifySearch,
  beforeLoad: ({ search }) => {
    if (!search.email || !search.user_id) throw redirect({ to: '/login', replace: true });
  },
  component: function Verify() {
    usePageTitle('Verify');
    const { email, user_id: userId, redirect: target } = Route.useSearch();
    const { auth } = Route.useRouteContext();
    const navigate = useNavigate();
    if (!email || !userId) return null;
    return (
      <VerifyCodeForm
        email={email}
        userId={userId}
        onVerified={(tokens) => {
          auth.logIn(tokens);
          void navigate({ href: target ?? HOME_PATH, replace: true });
        }}
      />
    );
  },
});
