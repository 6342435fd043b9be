import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePendingChanges } from '@/features/offline';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { FollowUpDue, FollowUpRow } from '@/shared/pipeline';
import { followUpGroups, type ShownFollowUp } from '../follow-up-groups';
import { localDate } from '../pipeline-format';
import type { ListKeys } from './list-keys';

/** GET /api/v1/follow-ups: the follow-ups due across all lists, as of the device's `today`. */
export const followUpsQueryOptions = (listKeys: ListKeys, today: string) =>
  queryOptions({
    queryKey: [...listKeys.all, 'follow-ups', today],
    queryFn: () => api<FollowUpRow[]>(`${API}/follow-ups`, { query: { today } }),
  });

/** The follow-ups page's groups as of `today`, counting changes not yet synced; null until answered. */
export function useFollowUpGroups(listKeys: ListKeys, today: string): Record<FollowUpDue, ShownFollowUp[]> | null {
  const { data } = useQuery(followUpsQueryOptions(listKeys, today));
  const outbox = usePendingChanges();
  return data ? followUpGroups(data, outbox, today) : null;
}

/** How many follow-ups are due now, overdue or today, counting changes not yet synced. */
export function useDueFollowUpCount(listKeys: ListKeys): number {
  const groups = useFollowUpGroups(listKeys, localDate());
  return groups ? groups.overdue.length + groups.today.length : 0;
}
