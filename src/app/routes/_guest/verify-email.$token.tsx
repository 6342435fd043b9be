import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { VerifyEmailStatus } from '@/features/auth/components/VerifyEmailStatus';

export const Route = createFileRoute('/_guest/verify-email/$token')({
  component: function VerifyEmail() {
    usePageTitle('Verify Email');
    const { token } = Route.useParams();
    const { auth } = Route.useRouteContext();
    return <VerifyEmailStatus token={token} onTokens={auth.storeTokens} onVerified={auth.markLoggedIn} />;
  },
});
