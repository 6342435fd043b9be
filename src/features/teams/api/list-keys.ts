import type { QueryKey } from '@tanstack/react-query';

/**
 * The lists' query keys, handed over by the routes: a list's members and its rows' activity are list
 * data, cached under the lists' key, so whatever refreshes the lists refreshes them too.
 */
export interface ListKeys {
  /** The key every query of list data starts with. */
  all: QueryKey;
  /** A list's items, each carrying its pipeline. */
  items: (listId: number) => QueryKey;
}
