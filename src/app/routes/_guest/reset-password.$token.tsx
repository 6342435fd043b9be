import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { ResetPasswordForm } from '@/features/auth/components/ResetPasswordForm';

export const Route = createFileRoute('/_guest/reset-password/$token')({
  component: function ResetPassword() {
    usePageTitle('Reset Password');
    const { token } = Route.useParams();
    const navigate = useNavigate();
    return <ResetPasswordForm token={token} onReset={() => void navigate({ to: '/login' })} />;
  },
});
