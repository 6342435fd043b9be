import { createFileRoute } from '@tanstack/react-router';
import { listKeys } from '@/features/lists/api/list-keys';
import { followUpsQueryOptions } from '@/features/pipeline/api/follow-ups';
import { FollowUpsPage } from '@/features/pipeline/components/FollowUpsPage';
import { localDate } from '@/features/pipeline/pipeline-format';

export const Route = createFileRoute('/_app/follow-ups')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(followUpsQueryOptions(listKeys, localDate())),
  component: FollowUps,
});

function FollowUps() {
  return <FollowUpsPage listKeys={listKeys} />;
}
