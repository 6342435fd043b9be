import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@/lib/session';
import type { AppRouter } from './router';

/**
 * When the session ends — Log Out, or a refresh token the server no longer accepts — the user's
 * cached data is dropped and the router goes to /login. An expired session keeps the page the user
 * was on as `redirect`, so logging in again returns there.
 */
export function syncSessionWithRouter(session: Session, router: AppRouter, queryClient: QueryClient): () => void {
  return session.subscribe(({ loggedIn }, reason) => {
    if (loggedIn) return;
    queryClient.clear();
    const here = router.state.location.href;
    const search = reason === 'expired' && here !== '/' ? { redirect: here } : {};
    void router.navigate({ to: '/login', search, replace: reason === 'expired' });
  });
}
