import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { listPath } from '@/shared/list-paths';

/**
 * The founder's lists as the lists feature keeps them, handed over by the routes: a mail is assigned, and a
 * share is matched, to a row of one of them. Their items are read under the lists feature's own keys, so they
 * share its cache and are kept offline: a share is matched offline too.
 */
export interface CaptureLists {
  /** The key every query of list data starts with: refreshed once a mail or touch lands on a row. */
  all: QueryKey;
  /** A list's items' key. */
  items: (listId: number) => QueryKey;
  /** Her lists (owned and shared), with her role on each; undefined while loading. */
  lists: ListSummary[] | undefined;
}

/** GET /api/v1/lists/{id}/items under the lists feature's key. */
export const listItemsQuery = (lists: CaptureLists, listId: number) =>
  queryOptions({ queryKey: lists.items(listId), queryFn: () => api<ListItem[]>(`${listPath(listId)}/items`) });
