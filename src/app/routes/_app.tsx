import { createFileRoute, redirect } from '@tanstack/react-router';
import { SessionExpiredError } from '@/lib/api-client';
import { meQueryOptions } from '@/features/profile/api/me';
import { startupQueryOptions } from '@/features/startup/api/get-startup';
import { AppLayout } from '../layout/AppLayout';

/**
 * The logged-in screens. A logged-out visitor goes to /login with the asked-for page kept as
 * `redirect`; otherwise the current user is loaded first, and nothing renders until it is. The startup
 * profile loads beside it, so the catalogue pages rank by it from their first search once it is there
 * (it is kept with the frame); until it is, or if it fails, the rows are shown unranked.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const toLogin = () =>
      redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href }, replace: true });
    if (!context.auth.isLoggedIn()) throw toLogin();
    // Not awaited: the frame paints without it (from the stored frame it is there at once).
    void context.queryClient.prefetchQuery(startupQueryOptions());
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      if (error instanceof SessionExpiredError) throw toLogin();
      throw error;
    }
  },
  component: AppLayout,
});
