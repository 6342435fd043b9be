import { createFileRoute, redirect, type ParsedLocation } from '@tanstack/react-router';
import { SessionExpiredError } from '@/lib/api-client';
import { meQueryOptions } from '@/features/profile/api/me';
import { startupQueryOptions } from '@/features/startup/api/get-startup';
import { AppLayout } from '../layout/AppLayout';

const toLogin = (location: ParsedLocation) =>
  redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href }, replace: true });

/**
 * The logged-in screens. A logged-out visitor goes to /login with the asked-for page kept as
 * `redirect`; otherwise the current user is loaded, and nothing renders until it is. It loads in the
 * loader, beside the page's own (the router runs a page's loaders together), not before them: on a
 * phone network a round trip less before the first page. The startup profile loads beside it too, so the
 * catalogue pages rank by it from their first search once it is there (it is kept with the frame); until
 * it is, or if it fails, the rows are shown unranked.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.isLoggedIn()) throw toLogin(location);
    // Not awaited: the frame paints without it (from the stored frame it is there at once).
    void context.queryClient.prefetchQuery(startupQueryOptions());
  },
  loader: async ({ context, location }) => {
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      if (error instanceof SessionExpiredError) throw toLogin(location);
      throw error;
    }
  },
  component: AppLayout,
});
