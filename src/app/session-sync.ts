import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';
import type { AppRouter } from './router';

/**
 * When the session ends — Log Out, or a refresh token the server no longer accepts — the router goes
 * to /login and the user's cached data is dropped. A session ended otherwise than by Log Out keeps the page the
 * user was on as `redirect`, so logging in again returns there.
 *
 * The cache is dropped once /login is drawn, not before: a page still on screen whose data vanished
 * would ask the server for it again, without a token (a 401 for every query on the page).
 */
export function syncSessionWithRouter(session: Session, router: AppRouter, queryClient: QueryClient): () => void {
  return session.subscribe(({ loggedIn }, reason) => {
    if (loggedIn) return;
    void queryClient.cancelQueries();
    const here = router.state.location.href;
    const lost = reason === 'expired' || reason === 'ended';
    const search = lost && here !== '/' ? { redirect: here } : {};
    void router
      .navigate({ to: '/login', search, replace: lost })
      .finally(() => setTimeout(() => queryClient.clear()));
  });
}
