import { useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from './QueryProvider';
import { ToastProvider } from './toasts/ToastProvider';
import { syncSessionWithRouter } from './session-sync';
import { theme } from './theme';
import type { AppRouter } from './router';
import type { Session } from '@/lib/session';
import { OfflineSupport } from '@/features/offline/components/OfflineSupport';
import { LISTS_KEY } from '@/features/lists/api/get-lists';

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  session: Session;
}

export function App({ router, queryClient, session }: AppProps) {
  useEffect(() => syncSessionWithRouter(session, router, queryClient), [session, router, queryClient]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryProvider client={queryClient}>
        <ToastProvider>
          <OfflineSupport onListsChanged={() => void queryClient.invalidateQueries({ queryKey: LISTS_KEY })} />
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryProvider>
    </ThemeProvider>
  );
}
