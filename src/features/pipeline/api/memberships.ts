import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { ListType } from '@/shared/api-types';
import { rowSegment } from '@/shared/list-paths';
import type { ListMembership } from '@/shared/pipeline';
import type { ListKeys } from './list-keys';

/** The lists an investor or fund is in, with its pipeline in each. */
export const membershipsQueryOptions = (listKeys: ListKeys, listType: ListType, itemId: number) =>
  queryOptions({
    queryKey: [...listKeys.all, 'memberships', listType, itemId],
    queryFn: () => api<ListMembership[]>(`${API}/${rowSegment(listType)}/${itemId}/lists`),
  });

export function useMemberships(listKeys: ListKeys, listType: ListType, itemId: number) {
  return useQuery(membershipsQueryOptions(listKeys, listType, itemId));
}
