import { and, desc, eq } from 'drizzle-orm';
import type { PipelineNote } from '../../../shared/pipeline.js';
import { NOTE_MAX_LENGTH } from '../../../shared/pipeline.js';
import type { Db } from '../../db/client.js';
import { pipelineNotes } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { assertRowOnList, type RowRef } from './row-store.js';

const noteColumns = { id: pipelineNotes.id, body: pipelineNotes.body, created_at: pipelineNotes.created_at };

function toNote(row: { id: number; body: string; created_at: Date }): PipelineNote {
  return { id: row.id, body: row.body, created_at: row.created_at.toISOString() };
}

/** The note's text as kept: trimmed, 1 to NOTE_MAX_LENGTH characters. */
export function noteBody(raw: string): string {
  const body = raw.trim();
  if (body === '') throw new HttpError(422, 'A note cannot be empty');
  if (body.length > NOTE_MAX_LENGTH) {
    throw new HttpError(422, `A note can hold at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`);
  }
  return body;
}

async function rowNotes(db: Db, ref: RowRef) {
  const table = await assertRowOnList(db, ref);
  return and(eq(pipelineNotes.list_id, ref.listId), eq(table.noteItemId, ref.itemId))!;
}

/** Newest first; of two notes made in the same instant, the one added last. */
export async function listNotes(db: Db, ref: RowRef): Promise<PipelineNote[]> {
  const ofRow = await rowNotes(db, ref);
  const rows = await db
    .select(noteColumns)
    .from(pipelineNotes)
    .where(ofRow)
    .orderBy(desc(pipelineNotes.created_at), desc(pipelineNotes.id));
  return rows.map(toNote);
}

export async function addNote(db: Db, ref: RowRef, body: string): Promise<PipelineNote> {
  await assertRowOnList(db, ref);
  const item = ref.kind.type === 'investor' ? { investor_id: ref.itemId } : { fund_id: ref.itemId };
  try {
    const [row] = await db
      .insert(pipelineNotes)
      .values({ list_id: ref.listId, ...item, user_id: ref.userId, body })
      .returning(noteColumns);
    return toNote(row);
  } catch (error) {
    // The row was taken off the list between the check and the insert.
    if (isForeignKeyViolation(error)) throw new HttpError(404, `${ref.kind.catalogue.noun} ${ref.itemId} is not in this list`);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === '23503' || cause?.code === '23503';
}

/** Deletes one of the caller's notes on the row; any other note id is a 404. */
export async function deleteNote(db: Db, ref: RowRef, noteId: number): Promise<void> {
  const ofRow = await rowNotes(db, ref);
  const deleted = await db
    .delete(pipelineNotes)
    .where(and(ofRow, eq(pipelineNotes.id, noteId), eq(pipelineNotes.user_id, ref.userId)))
    .returning({ id: pipelineNotes.id });
  if (deleted.length === 0) throw new HttpError(404, 'Note not found');
}
