import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListType } from '../../../shared/api-types.js';
import type { Db } from '../../db/client.js';
import { listActivity, listEvents, pipelineNotes } from '../../db/schema.js';
import type { StoredAnswer } from '../../plugins/idempotency.js';
import { forgetTouchTexts } from './touch-texts.js';

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
  // A row or a list gone takes its touches (row_touches cascades): their texts go with the notes'.
  if (noteId === undefined) await forgetTouchTexts(tx, { listId, kind, itemId });
}

type NoteAnswer = { id: number; body: string | null; author: unknown; created_at: string };

/** The notes in an answer: the answer itself (a note added), or a row's `latest_note`. */
function notesIn(answer: unknown): NoteAnswer[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const value = answer as Record<string, unknown>;
  if (typeof value.id === 'number' && 'body' in value && 'author' in value) return [value as NoteAnswer];
  const latest = value.latest_note ?? (value.pipeline as Record<string, unknown> | undefined)?.latest_note;
  return latest ? notesIn(latest) : [];
}

/**
 * A stored answer (idempotency.ts) keeps no note's text: a replay reads it again, so a note deleted since is
 * answered with no text, as everywhere else it was written.
 */
export const withoutNoteTexts: StoredAnswer = {
  keep(answer) {
    for (const note of notesIn(answer)) note.body = null;
    return answer;
  },
  async answer(stored, db) {
    const notes = notesIn(stored);
    if (notes.length === 0) return stored;
    const rows = await db
      .select({ id: pipelineNotes.id, body: pipelineNotes.body })
      .from(pipelineNotes)
      .where(inArray(pipelineNotes.id, notes.map((note) => note.id)));
    const bodies = new Map(rows.map((row) => [row.id, row.body]));
    for (const note of notes) note.body = bodies.get(note.id) ?? '';
    return stored;
  },
};
