import { createFileRoute, redirect } from '@tanstack/react-router';
import { SessionExpiredError } from '@/lib/api-client';
import { meQueryOptions } from '@/features/profile/api/me';
import { startupQueryOptions } from '@/features/startup/api/get-startup';
import { AppLayout } from '../layout/AppLayout';

/**
 * The logged-in screens. A logged-out visitor goes to /login with the asked-for page kept as
 * `redirect`; otherwise nothing renders until the current user is loaded. It loads in this route's
 * loader, so a page's own loaders ask for their data beside it rather than one round trip after it (a
 * phone's network is slow to answer). The startup profile loads beside it too, so the catalogue pages rank
 * by it from their first search once it is there (it is kept with the frame); until it is, or if it fails,
 * the rows are shown unranked.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isLoggedIn()) throw toLogin(location.href);
  },
  loader: async ({ context, location }) => {
    // Not awaited: the frame paints without it (from the stored frame it is there at once).
    void context.queryClient.prefetchQuery(startupQueryOptions());
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      if (error instanceof SessionExpiredError) throw toLogin(location.href);
      throw error;
    }
  },
  component: AppLayout,
});

function toLogin(href: string) {
  return redirect({ to: '/login', search: href === '/' ? {} : { redirect: href }, replace: true });
}
