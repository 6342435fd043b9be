// TanStack Query defaults: fresh for 10 minutes, unused cache kept 30 minutes,
// no refetch on window focus and no polling. Every answer is also persisted to IndexedDB for reading
// offline (query-persister.ts), which outlives this in-memory cache.
import { QueryClient } from '@tanstack/react-query';
import { GC_TIME_MS, STALE_TIME_MS } from '@/shared/constants';
import { apiStatus } from './api-client';
import { followBrowserOnlineState, NotAvailableOfflineError, offlineQueryPersister } from './query-persister';

/** One more try for a network failure or a server error; a 4xx answer will not change on retry. */
function retryOnce(failures: number, error: unknown): boolean {
  // Offline with nothing saved: say so at once instead of waiting for the network.
  if (error instanceof NotAvailableOfflineError) return false;
  const status = apiStatus(error);
  return failures < 1 && (status === undefined || status >= 500);
}

export function createQueryClient(): QueryClient {
  followBrowserOnlineState();
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: retryOnce,
        // Run the query function even offline, so the persister can answer from IndexedDB; a
        // refetch of data already shown waits for the network instead of failing.
        networkMode: 'offlineFirst',
        persister: offlineQueryPersister.persisterFn,
      },
    },
  });
}

export const queryClient: QueryClient = createQueryClient();
