// The one place list additions are made. Each goes through the offline outbox (src/features/offline):
// it is queued with an idempotency key and shows at once in its list as pending, then is sent right
// away when online — or when the connection is back, from any tab, even after a restart.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { outboxReplayer, type OutboxOutcome, type OutboxRequest } from '@/features/offline';
import type { ListType } from '@/shared/api-types';
import { listItemsQueryOptions } from './get-list-items';
import { LISTS_KEY } from './get-lists';
import { additionEntry, newRowAdditionEntry, type AddedRow } from './list-outbox';

export interface AddToListsInput {
  listIds: number[];
  listType: ListType;
  /** The rows to add: investors for an investor list, funds for a fund list. */
  items: AddedRow[];
}

/** How many lists got the rows now, will get them once online, or refused them (the replayer says why). */
export type AddToListsResult = Record<OutboxOutcome, number>;

/** Adds the same rows to one or more lists, one addition per list; then the lists and their items refresh. */
export function useAddToLists() {
  const queryClient = useQueryClient();
  return useMutation({
    // Queuing works offline too: the mutation must run rather than wait for the network.
    networkMode: 'always',
    mutationFn: async ({ listIds, listType, items }: AddToListsInput): Promise<AddToListsResult> => {
      const result: AddToListsResult = { synced: 0, queued: 0, rejected: 0 };
      for (const listId of listIds) {
        // Rows the list is known to have already are not queued again (nor counted as pending).
        const present = new Set(queryClient.getQueryData(listItemsQueryOptions(listId).queryKey)?.map((item) => item.id));
        const missing = items.filter((item) => !present.has(item.id));
        if (missing.length === 0) result.synced += 1;
        else result[await outboxReplayer.add(additionEntry(listId, listType, missing))] += 1;
      }
      return result;
    },
    // Not awaited: offline the refetch waits for the network, and the caller's callbacks must not.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}

export interface AddNewRowInput {
  listId: number;
  listType: ListType;
  /** The row as the list shows it, pending, until it exists: an id below zero. */
  draft: AddedRow;
  /** The call that creates it and answers its id. */
  create: OutboxRequest;
}

/**
 * Creates a row and adds it to a list, one change in the outbox: 'synced', or 'queued' and shown pending until
 * back online. A refusal throws ChangeRefusedError with the server's detail, for the form to show in place.
 */
export function useAddNewRowToList() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ listId, listType, draft, create }: AddNewRowInput) => outboxReplayer.submit(newRowAdditionEntry(listId, listType, draft, create)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: LISTS_KEY }),
  });
}
