import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';

// jsdom has no layout: the router's scroll handling would log "Not implemented" on every navigation.
window.scrollTo = () => {};

/**
 * The whole client (router, guards, session, API client) at `path` on a memory history. Its modules
 * are imported afresh — the session reads localStorage once, when its module loads — so call
 * vi.resetModules() before each start.
 */
export async function startApp(path: string) {
  const [{ App }, { createAppRouter }, { createAppQueryClient }, { session }] = await Promise.all([
    import('@/app/App'),
    import('@/app/router'),
    import('@/app/query-client'),
    import('@/lib/session'),
  ]);
  const queryClient = createAppQueryClient();
  const router = createAppRouter({ queryClient, auth: session, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<App router={router} queryClient={queryClient} session={session} />);
  return { ...view, router, queryClient, session, location: () => router.state.location };
}
