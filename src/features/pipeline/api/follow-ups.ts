import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePendingChanges } from '@/features/offline';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { FollowUpRow } from '@/shared/pipeline';
import { followUpGroups } from '../follow-up-groups';
import { localDate } from '../pipeline-format';
import type { ListKeys } from './list-keys';

/** GET /api/v1/follow-ups: the follow-ups due across all lists, as of the device's `today`. */
export const followUpsQueryOptions = (listKeys: ListKeys, today: string) =>
  queryOptions({
    queryKey: [...listKeys.all, 'follow-ups', today],
    queryFn: () => api<FollowUpRow[]>(`${API}/follow-ups`, { query: { today } }),
  });

/** How many follow-ups are due now, overdue or today, counting changes not yet synced. */
export function useDueFollowUpCount(listKeys: ListKeys): number {
  const today = localDate();
  const { data } = useQuery(followUpsQueryOptions(listKeys, today));
  const outbox = usePendingChanges();
  if (!data) return 0;
  const groups = followUpGroups(data, outbox, today);
  return groups.overdue.length + groups.today.length;
}
