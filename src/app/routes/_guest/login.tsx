import { createFileRoute } from '@tanstack/react-router';
import { validateRedirectSearch } from '../../redirect-target';
import { LoginPage } from './-components/LoginPage';

export const Route = createFileRoute('/_guest/login')({
  validateSearch: validateRedirectSearch,
  component: function Login() {
    return <LoginPage search={Route.useSearch()} />;
  },
});
