import { Button } from '@mui/material';
import { apiErrorDetail } from '@/lib/api-client';
import { closeToast, showToast } from '@/lib/toasts';
import type { ListItem, ListSummary } from '@/shared/api-types';
import { useAddToLists } from '../api/add-to-list';
import { useRemoveFromList } from '../api/remove-from-list';
import { itemCount } from './item-noun';

/**
 * Removes rows from a list (one from the table, the selected cards on a phone), then says so in a toast whose
 * Undo adds them back.
 */
export function useRemoveRows<R extends ListItem>(list: ListSummary, itemName: (row: R) => string) {
  const addToLists = useAddToLists();
  const removal = useRemoveFromList();

  const remove = (rows: readonly R[], onRemoved?: () => void) => {
    const what = rows.length === 1 ? itemName(rows[0]) : itemCount(list.list_type, rows.length);
    removal.mutate(
      rows.map((row) => ({ listId: list.id, listType: list.list_type, itemId: row.id })),
      {
        onSuccess: () => {
          onRemoved?.();
          showToast(`Removed ${what} from ${list.name}`, {
            action: (key) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  closeToast(key);
                  addToLists.mutate({ listIds: [list.id], listType: list.list_type, items: [...rows] });
                }}
              >
                Undo
              </Button>
            ),
          });
        },
        onError: (error) => showToast(apiErrorDetail(error) ?? `${what} could not be removed. Please try again.`, { variant: 'error' }),
      },
    );
  };

  return { remove, removing: removal.isPending };
}
