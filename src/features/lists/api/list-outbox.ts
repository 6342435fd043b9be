// What the lists feature queues in the offline outbox (src/features/offline): additions of rows to a
// list. Each entry carries the call that makes it and the rows the list shows as pending until the
// server has them.
import { ANSWER_ID, type OutboxEntry, type OutboxRequest, type OutboxRow } from '@/features/offline';
import type { Fund, Investor, ListItem, ListType } from '@/shared/api-types';
import type { Fit } from '@/shared/fit';
import { listPath, rowSegment } from '@/shared/list-paths';
import { newPipeline } from '@/shared/pipeline';

export const LIST_ADDITION = 'list-addition';

/** A catalogue row as a table showed it when it was added to a list (its fit, if it had one). */
export type AddedRow = (Investor | Fund) & { fit?: Fit | null };

export interface AdditionPayload {
  listId: number;
  listType: ListType;
  /** The rows as the user saw them, shown in the list as pending until the server has them. */
  items: AddedRow[];
}

/** POST /api/v1/lists/{id}/{investors|funds}/batch. */
export function additionEntry(listId: number, listType: ListType, items: AddedRow[]): OutboxEntry<AdditionPayload> {
  if (!Number.isInteger(listId) || listId <= 0) throw new Error(`Cannot add to list ${listId}: not a list id`);
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  if (unique.length === 0) throw new Error('Select at least one row to add to the list');
  return {
    kind: LIST_ADDITION,
    request: batchRequest(listId, listType, unique.map((item) => item.id)),
    payload: { listId, listType, items: unique },
  };
}

function batchRequest(listId: number, listType: ListType, ids: unknown[]): OutboxRequest {
  const idsKey = listType === 'investor' ? 'investor_ids' : 'fund_ids';
  return { method: 'POST', path: `${listPath(listId)}/${rowSegment(listType)}/batch`, body: { [idsKey]: ids } };
}

/**
 * A row created and added to a list as one change (a private contact added by hand, online or not): `create`
 * makes the row, then the batch call adds the id it answered. Until then the list shows `draft`, whose id
 * (below zero) is its own, as pending.
 */
export function newRowAdditionEntry(listId: number, listType: ListType, draft: AddedRow, create: OutboxRequest): OutboxEntry<AdditionPayload> {
  const addition = additionEntry(listId, listType, [draft]);
  return { ...addition, request: { ...create, then: batchRequest(listId, listType, [ANSWER_ID]) } };
}

/** A row created offline (a contact added by hand) and not on the server yet: its id is its own, below zero, and it has no page. */
export const isDraftRow = (row: { id: number }) => row.id < 0;

export const isAddition = (row: OutboxRow): row is OutboxRow<AdditionPayload> => row.kind === LIST_ADDITION;

/** How many distinct rows wait to be added to each list. */
export function pendingCountsByList(rows: OutboxRow[]): Map<number, number> {
  const ids = new Map<number, Set<number>>();
  for (const row of rows) {
    if (!isAddition(row)) continue;
    const set = ids.get(row.payload.listId) ?? new Set<number>();
    row.payload.items.forEach((item) => set.add(item.id));
    ids.set(row.payload.listId, set);
  }
  return new Map([...ids].map(([listId, set]) => [listId, set.size]));
}

/**
 * The rows waiting to be added to one list, once each, leaving out those the list already shows: as list
 * items at the first stage, from when they were added.
 */
export function pendingItemsOf(rows: OutboxRow[], listId: number, presentIds: Iterable<number> = []): ListItem[] {
  const seen = new Set(presentIds);
  const items: ListItem[] = [];
  for (const row of rows) {
    if (!isAddition(row) || row.payload.listId !== listId) continue;
    for (const item of row.payload.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push({ ...item, fit: item.fit ?? null, pipeline: newPipeline(new Date(row.createdAt)) });
    }
  }
  return items;
}
