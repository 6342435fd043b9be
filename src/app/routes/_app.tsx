import { createFileRoute, redirect } from '@tanstack/react-router';
import { SessionExpiredError } from '@/lib/api-client';
import { meQueryOptions } from '@/features/profile/api/me';
import { AppLayout } from '../layout/AppLayout';

/**
 * The logged-in screens. A logged-out visitor goes to /login with the asked-for page kept as
 * `redirect`; otherwise the current user is loaded first, and nothing renders until it is.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () =>
      redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href }, replace: true });
    if (!context.auth.isLoggedIn()) throw toLogin();
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      if (error instanceof SessionExpiredError) throw toLogin();
      throw error;
    }
  },
  component: AppLayout,
});
