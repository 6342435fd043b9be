import { useMemo } from 'react';
import { usePendingChanges } from '@/features/offline';
import type { ListItem } from '@/shared/api-types';
import { useList } from './get-list';
import { useListItems } from './get-list-items';
import { pendingItemsOf } from './list-outbox';

/**
 * A list and its items as the founder sees them: the server's, then the rows added offline (or not
 * confirmed yet), which show at once, marked pending, until the server has them.
 */
export function useShownListItems<R extends ListItem>(listId: number) {
  const { data: list } = useList(listId);
  // The list's type decides the shape of its rows, and the caller's columns are chosen by that type.
  const saved = useListItems(listId).data as R[];
  const outbox = usePendingChanges();
  const pending = useMemo(() => pendingItemsOf(outbox, listId, saved.map((item) => item.id)) as R[], [outbox, listId, saved]);
  const pendingIds = useMemo(() => new Set(pending.map((item) => item.id)), [pending]);
  const items = useMemo(() => [...saved, ...pending], [saved, pending]);
  return { list, items, pendingIds };
}
