import { createFileRoute } from '@tanstack/react-router';
import { useLists } from '@/features/lists/api/get-lists';
import { listKeys } from '@/features/lists/api/list-keys';
import { followUpsQueryOptions } from '@/features/pipeline/api/follow-ups';
import { FollowUpsPage } from '@/features/pipeline/components/FollowUpsPage';
import { localDate } from '@/features/pipeline/pipeline-format';
import { canEditRows } from '@/shared/teams';

export const Route = createFileRoute('/_app/follow-ups')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(followUpsQueryOptions(listKeys, localDate())),
  component: FollowUps,
});

function FollowUps() {
  const lists = useLists().data ?? [];
  return <FollowUpsPage listKeys={listKeys} canEditList={(listId) => lists.some((list) => list.id === listId && canEditRows(list.role))} />;
}
