import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { listActivity, listEvents } from '../../db/schema.js';

/** The entries of a row that carry a text (a note's, a touch's), and the activity and event written beside each. */
const ENTRIES = {
  note: { action: 'note_added', event: 'note-added' },
  touch: { action: 'touch_added', event: 'touch-added' },
} as const;
export type TextEntry = keyof typeof ENTRIES;

/** Which deleted entries: some entries, every entry of some rows, or (without kind and item) every entry of the list. */
export interface DeletedEntries {
  listId: number;
  kind?: ListType;
  itemId?: number | readonly number[];
  id?: number | readonly number[];
}

const several = (ids: number | readonly number[]): number[] => (typeof ids === 'number' ? [ids] : [...ids]);
const asTexts = (ids: number | readonly number[]): string[] => several(ids).map(String);

/**
 * A deleted entry's text is gone from everywhere it was written beside it: its activity keeps who and when but no
 * longer what, and its events leave those a stream resumes from (the deletion's own event still says one went). Run
 * in the transaction that deletes the entries.
 */
export async function forgetEntryTexts(tx: Db, entry: TextEntry, { listId, kind, itemId, id }: DeletedEntries): Promise<void> {
  const { action, event } = ENTRIES[entry];
  const activityOf: SQL[] = [eq(listActivity.list_id, listId), eq(listActivity.action, action)];
  const eventsOf: SQL[] = [eq(listEvents.list_id, listId), eq(listEvents.type, event)];
  if (kind !== undefined && itemId !== undefined) {
    activityOf.push(eq(listActivity.item_kind, kind), inArray(listActivity.item_id, several(itemId)));
    eventsOf.push(sql`${listEvents.data}->>'kind' = ${kind}`, inArray(sql`${listEvents.data}->>'item_id'`, asTexts(itemId)));
  }
  if (id !== undefined) {
    activityOf.push(inArray(sql`${listActivity.detail}->${entry}->>'id'`, asTexts(id)));
    eventsOf.push(inArray(sql`${listEvents.data}->${entry}->>'id'`, asTexts(id)));
  }
  await tx.update(listActivity).set({ detail: {} }).where(and(...activityOf));
  await tx.delete(listEvents).where(and(...eventsOf));
}

/** Rows (or, without kind and item, a whole list) gone: its notes' and touches' texts go with it. */
export async function forgetRowTexts(tx: Db, row: Omit<DeletedEntries, 'id'>): Promise<void> {
  await forgetEntryTexts(tx, 'note', row);
  await forgetEntryTexts(tx, 'touch', row);
}
