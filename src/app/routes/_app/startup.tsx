import { createFileRoute } from '@tanstack/react-router';
import { roundQueryOptions } from '@/features/startup/api/get-round';
import { startupQueryOptions } from '@/features/startup/api/get-startup';
import { StartupPage } from '@/features/startup/components/StartupPage';

export const Route = createFileRoute('/_app/startup')({
  loader: async ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(roundQueryOptions());
    await queryClient.ensureQueryData(startupQueryOptions());
  },
  component: StartupPage,
});
