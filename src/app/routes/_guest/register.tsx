import { createFileRoute } from '@tanstack/react-router';
import { usePageTitle } from '@/components/PageTitle/usePageTitle';
import { RegisterForm } from '@/features/auth/components/RegisterForm';

export const Route = createFileRoute('/_guest/register')({
  component: function Register() {
    usePageTitle('Sign Up');
    return <RegisterForm />;
  },
});
