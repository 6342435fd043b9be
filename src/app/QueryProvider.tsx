import type { ReactNode } from 'react';
import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { FramePersister } from '@/features/offline/persisters/frame-persister';

/**
 * The one place the query cache is provided. The frame's queries (the user, the lists) are first
 * restored from localStorage (src/features/offline/persisters/frame-persister.ts), then saved there as
 * they change. Nothing renders until that restore is done — a synchronous read, one turn of the event loop — so the
 * router's first load already finds them, and an offline cold start paints the frame without waiting
 * for IndexedDB. Restored answers are marked stale first: online, they are fetched again at once.
 */
export function QueryProvider({ client, frame, children }: { client: QueryClient; frame: FramePersister; children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={client} persistOptions={frame.persistOptions} onSuccess={() => frame.revalidateRestored(client)}>
      <AfterRestore>{children}</AfterRestore>
    </PersistQueryClientProvider>
  );
}

function AfterRestore({ children }: { children: ReactNode }) {
  return useIsRestoring() ? null : children;
}
