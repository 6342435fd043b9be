import type { QueryKey } from '@tanstack/react-query';

/**
 * The lists' query keys, handed over by the routes. A row's pipeline, its notes, the follow-ups and
 * the lists an investor or fund is in are list data: they are cached under the lists' key, so
 * whatever refreshes the lists refreshes them too.
 */
export interface ListKeys {
  /** The key every query of list data starts with. */
  all: QueryKey;
  /** A list's items, each carrying its pipeline. */
  items: (listId: number) => QueryKey;
}
