import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Paged } from '@/shared/api-types';
import { PAGE_SIZE } from '@/shared/constants';
import { savedSearchNewPath } from '@/shared/saved-searches';
import { SAVED_SEARCHES_KEY } from './get-saved-searches';

/** GET /api/v1/saved-searches/{id}/new: the rows added since it was last seen that match it, a page at a time. */
export const newRowsQueryOptions = <R>(id: string, page: number) =>
  queryOptions({
    queryKey: [...SAVED_SEARCHES_KEY, id, 'new', page],
    queryFn: () => api<Paged<R>>(savedSearchNewPath(id), { query: { page, per_page: PAGE_SIZE } }),
    // The previous page stays on screen, under the spinner, until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useNewRows<R>(id: string, page: number) {
  return useQuery(newRowsQueryOptions<R>(id, page));
}
