import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { listActivity, listEvents } from '../../db/schema.js';

/** Which deleted notes: one note, every note of a row, or (without kind and item) every note of the list. */
export interface DeletedNotes {
  listId: number;
  kind?: ListType;
  itemId?: number;
  noteId?: number;
}

/**
 * A deleted note's text is gone from everywhere it was written beside the note: its note_added activity keeps
 * who and when but no longer what, and its note-added event leaves the events a stream resumes from (the
 * note-deleted event after it still says a note went). Run in the transaction that deletes the notes.
 */
export async function forgetNoteTexts(tx: Db, notes: DeletedNotes): Promise<void> {
  const { listId, kind, itemId, noteId } = notes;
  const activityOf: SQL[] = [eq(listActivity.list_id, listId), eq(listActivity.action, 'note_added')];
  const eventsOf: SQL[] = [eq(listEvents.list_id, listId), eq(listEvents.type, 'note-added')];
  if (kind !== undefined && itemId !== undefined) {
    activityOf.push(eq(listActivity.item_kind, kind), eq(listActivity.item_id, itemId));
    eventsOf.push(sql`${listEvents.data}->>'kind' = ${kind}`, sql`${listEvents.data}->>'item_id' = ${String(itemId)}`);
  }
  if (noteId !== undefined) {
    activityOf.push(sql`${listActivity.detail}->'note'->>'id' = ${String(noteId)}`);
    eventsOf.push(sql`${listEvents.data}->'note'->>'id' = ${String(noteId)}`);
  }
  await tx.update(listActivity).set({ detail: {} }).where(and(...activityOf));
  await tx.delete(listEvents).where(and(...eventsOf));
}
