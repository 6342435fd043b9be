import { createFileRoute } from '@tanstack/react-router';
import { followUpsQueryOptions } from '@/features/lists/api/pipeline';
import { FollowUpsPage } from '@/features/lists/components/FollowUpsPage';
import { localDate } from '@/features/lists/pipeline/pipeline-format';

export const Route = createFileRoute('/_app/follow-ups')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(followUpsQueryOptions(localDate())),
  component: FollowUpsPage,
});
