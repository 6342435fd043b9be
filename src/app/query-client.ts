// The app's query client: the defaults (src/lib/query-client.ts) with the offline feature's per-query persister.
import type { QueryClient } from '@tanstack/react-query';
import { offlineQueryClientOptions } from '@/features/offline/persisters/query-persister';
import { createQueryClient } from '@/lib/query-client';

export const createAppQueryClient = (): QueryClient => createQueryClient(offlineQueryClientOptions);

export const queryClient: QueryClient = createAppQueryClient();
