import { useCallback } from 'react';
import { apiErrorDetail } from '@/lib/api-client';
import { toastAction } from '@/lib/toast-action';
import { showToast } from '@/lib/toasts';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { useAddToLists } from '../api/add-to-list';
import { useRemoveFromList } from '../api/remove-from-list';
import { itemCount } from './item-noun';

/**
 * Removes rows from a list (one from the table, the selected cards on a phone), then says so in a toast whose
 * Undo adds them back.
 */
export function useRemoveRows<R extends ListItem>(list: ListSummary, itemName: (row: R) => string) {
  const { mutate: addToLists } = useAddToLists();
  const { mutate: removeFromList, isPending: removing } = useRemoveFromList();
  const { id: listId, list_type: listType, name: listName } = list;

  const remove = useCallback(
    (rows: readonly R[], onRemoved?: () => void) => {
      const what = rows.length === 1 ? itemName(rows[0]) : itemCount(listType, rows.length);
      removeFromList(
        rows.map((row) => ({ listId, listType, itemId: row.id })),
        {
          onSuccess: () => {
            onRemoved?.();
            showToast(`Removed ${what} from ${listName}`, {
              action: toastAction('Undo', () => addToLists({ listIds: [listId], listType, items: [...rows] })),
            });
          },
          onError: (error) => showToast(apiErrorDetail(error) ?? `${what} could not be removed. Please try again.`, { variant: 'error' }),
        },
      );
    },
    [itemName, listId, listType, listName, removeFromList, addToLists],
  );

  return { remove, removing };
}
