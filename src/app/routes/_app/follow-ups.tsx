import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { CaptureAddressHint } from '@/features/capture';
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
  // With nothing due anywhere, the address that sets follow-ups by itself (a mail logged sets one when none is).
  const nothingDue = useSuspenseQuery(followUpsQueryOptions(listKeys, localDate())).data.length === 0;
  return (
    <>
      <FollowUpsPage listKeys={listKeys} canEditList={(listId) => lists.some((list) => list.id === listId && canEditRows(list.role))} />
      {nothingDue && <CaptureAddressHint sx={{ mt: 3 }} />}
    </>
  );
}
