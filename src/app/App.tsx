import { useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from './QueryProvider';
import { RootErrorBoundary } from './RootErrorBoundary';
import { ToastProvider } from './toasts/ToastProvider';
import { syncSessionWithRouter } from './session-sync';
import { theme } from './theme';
import type { AppRouter } from './router';
import { createFramePersister } from '@/features/offline/persisters/frame-persister';
import { offlineUserId } from '@/lib/offline-user';
import type { Session } from '@/lib/session';
import { OfflineSupport } from '@/features/offline/components/OfflineSupport';
import { ContactSyncReporter } from '@/features/contacts/components/ContactSyncReporter';
import { LISTS_KEY } from '@/features/lists/api/get-lists';
import { listKeys } from '@/features/lists/api/list-keys';
import { ListSyncReporter } from '@/features/lists/components/ListSyncReporter';
import { PipelineSyncReporter } from '@/features/pipeline/components/PipelineSyncReporter';
import { SAVED_SEARCHES_KEY } from '@/features/saved-searches/api/get-saved-searches';
import { SavedSearchSyncReporter } from '@/features/saved-searches/components/SavedSearchSyncReporter';
import { meQueryKey } from '@/features/profile/api/me';
import { ROUND_KEY } from '@/features/startup/api/get-round';
import { STARTUP_KEY } from '@/features/startup/api/get-startup';
import { StartupSyncReporter } from '@/features/startup/components/StartupSyncReporter';
import { contactKeys } from './contact-keys';

/**
 * What the logged-in frame shows before its page: the user in the sidebar, the lists with their counts,
 * the round's progress above them, the saved searches with their counts of new rows, and the startup
 * profile the catalogue pages rank by.
 */
const FRAME_QUERY_KEYS = [meQueryKey, LISTS_KEY, SAVED_SEARCHES_KEY, STARTUP_KEY, ROUND_KEY];

export interface AppProps {
  router: AppRouter;
  queryClient: QueryClient;
  session: Session;
}

export function App({ router, queryClient, session }: AppProps) {
  const [frame] = useState(() => createFramePersister({ queryKeys: FRAME_QUERY_KEYS, currentUserId: () => offlineUserId(session) }));
  useEffect(() => syncSessionWithRouter(session, router, queryClient), [session, router, queryClient]);
  // Log Out, an expired session, or a logout heard from another tab: the stored frame goes too.
  useEffect(
    () =>
      session.subscribe(({ loggedIn }) => {
        if (!loggedIn) frame.removeAll();
      }),
    [session, frame],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RootErrorBoundary>
        <QueryProvider client={queryClient} frame={frame}>
          <ToastProvider>
            {/* Subscribed to the outbox before OfflineSupport starts replaying it. */}
            <ListSyncReporter />
            <PipelineSyncReporter listKeys={listKeys} />
            <StartupSyncReporter />
            <SavedSearchSyncReporter />
            <ContactSyncReporter keys={contactKeys} />
            <OfflineSupport />
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryProvider>
      </RootErrorBoundary>
    </ThemeProvider>
  );
}
