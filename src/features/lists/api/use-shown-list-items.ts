import { useMemo } from 'react';
import { usePendingChanges } from '@/features/offline';
import type { ListItem } from '@/shared/api-types';
import { useList } from './get-list';
import { useListItems } from './get-list-items';
import { pendingItemsOf } from './list-outbox';

const NO_ITEMS: never[] = [];
const NO_IDS: ReadonlySet<number> = new Set();

/**
 * A list and its items as the founder sees them: the server's, then the rows added offline (or not
 * confirmed yet), which show at once, marked pending, until the server has them.
 *
 * With none pending, the items are the server's array itself and the pending ids one empty set: the
 * outbox read after the first paint (an empty one most days) does not make every row on the page new.
 */
export function useShownListItems<R extends ListItem>(listId: number) {
  const { data: list } = useList(listId);
  // The list's type decides the shape of its rows, and the caller's columns are chosen by that type.
  const saved = useListItems(listId).data as R[];
  const outbox = usePendingChanges();
  const pending = useMemo(() => {
    const added = pendingItemsOf(
      outbox,
      listId,
      saved.map((item) => item.id),
    ) as R[];
    return added.length === 0 ? (NO_ITEMS as R[]) : added;
  }, [outbox, listId, saved]);
  const pendingIds = useMemo(() => (pending.length === 0 ? NO_IDS : new Set(pending.map((item) => item.id))), [pending]);
  const items = useMemo(() => (pending.length === 0 ? saved : [...saved, ...pending]), [saved, pending]);
  return { list, items, pendingIds };
}
