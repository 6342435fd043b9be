import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListType } from '@/shared/api-types';
import { rowActivityPath, type ActivityEntry } from '@/shared/teams';
import type { ListKeys } from './list-keys';

export interface ActivityRow {
  listId: number;
  listType: ListType;
  itemId: number;
}

/** A row's changes, newest first, with who made each. */
export const activityQueryOptions = (listKeys: ListKeys, { listId, listType, itemId }: ActivityRow) =>
  queryOptions({
    queryKey: [...listKeys.all, listId, 'activity', listType, itemId],
    queryFn: () => api<ActivityEntry[]>(rowActivityPath(listId, listType, itemId)),
  });

export function useActivity(listKeys: ListKeys, row: ActivityRow, enabled = true) {
  return useQuery({ ...activityQueryOptions(listKeys, row), enabled });
}
