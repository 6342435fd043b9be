import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { markFirstPageRendered } from '@/lib/after-first-paint';
import type { Session } from '@/lib/session';
import { NotFound } from '@/components/NotFound/NotFound';
import { RouteError } from './RouteError';
import { routeTree } from './routeTree.gen';

export interface AppRouterOptions {
  queryClient: QueryClient;
  auth: Session;
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
}

export function createAppRouter({ queryClient, auth, history }: AppRouterOptions) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // Loaders only fill the query cache; TanStack Query decides what is fresh.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
  // What the first load does not need waits for the first page's content, not the frame drawn while it loads.
  const stopWaiting = router.subscribe('onRendered', () => {
    stopWaiting();
    markFirstPageRendered();
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
