import { createFileRoute } from '@tanstack/react-router';
import { validateRedirectSearch } from '../../redirect-target';
import { LoginPage } from './-components/LoginPage';

export const Route = createFileRoute('/_guest/')({
  validateSearch: validateRedirectSearch,
  component: function IndexLogin() {
    return <LoginPage search={Route.useSearch()} />;
  },
});
