import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { ForgotPasswordForm } from '@/features/auth/components/ForgotPasswordForm';

export const Route = createFileRoute('/_guest/forgot-password')({
  component: function ForgotPassword() {
    usePageTitle('Forgot Password');
    return <ForgotPasswordForm />;
  },
});
