// TanStack Query defaults: fresh for 10 minutes, unused cache kept 30 minutes,
// no refetch on window focus and no polling. The app adds the offline feature's persister
// (src/app/query-client.ts), whose answers outlive this in-memory cache.
import { onlineManager, QueryClient, type QueryPersister } from '@tanstack/react-query';
import { GC_TIME_MS, STALE_TIME_MS } from '@/shared/constants';
import { apiStatus } from './api-client';

export interface QueryClientOptions {
  /** The `persister` of every query. */
  persister?: QueryPersister;
  /** A failure no retry can mend, besides a 4xx answer. */
  isFinal?: (error: unknown) => boolean;
}

/**
 * TanStack Query assumes it is online until an `offline` event arrives; a page loaded offline would
 * then wait on fetches that cannot succeed. Start from what the browser says and follow its events.
 */
function followBrowserOnlineState(): void {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return;
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}

export function createQueryClient({ persister, isFinal = () => false }: QueryClientOptions = {}): QueryClient {
  followBrowserOnlineState();
  /** One more try for a network failure or a server error; a 4xx answer will not change on retry. */
  const retryOnce = (failures: number, error: unknown): boolean => {
    // A final failure (offline with nothing saved) is said at once instead of waiting for the network.
    if (isFinal(error)) return false;
    const status = apiStatus(error);
    return failures < 1 && (status === undefined || status >= 500);
  };
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
        persister,
      },
    },
  });
}

/**
 * Puts into a query's cache what supersedes the server's state as a fetch already under way read it: an
 * answer that just landed, or a change shown before it is sent. That fetch is cancelled first: arriving
 * after, it would put back what the change undid (a deleted saved search reappearing, a count already
 * seen) until the next refetch.
 */
export async function overwriteQueryData<T>(queryClient: QueryClient, queryKey: readonly unknown[], update: (data: T | undefined) => T | undefined) {
  await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<T>(queryKey, update);
}
