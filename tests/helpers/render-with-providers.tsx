// Renders one piece of the client with what it needs around it: theme, query client, toasts and a
// router (on a memory history) so links and navigation work, as in the app.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { ThemeProvider } from '@mui/material';
import { ToastProvider } from '@/app/toasts/ToastProvider';
import { theme } from '@/app/theme';
import { createAppQueryClient } from '@/app/query-client';

// jsdom has no layout: the router's scroll handling would log "Not implemented" on every navigation.
window.scrollTo = () => {};

export async function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createAppQueryClient();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          {/* A one-route router: the app's typed Register does not describe it. */}
          <RouterProvider router={router as never} />
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  await router.load();
  return { ...result, router, queryClient };
}
