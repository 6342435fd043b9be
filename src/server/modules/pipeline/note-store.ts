import { and, desc, eq } from 'drizzle-orm';
import type { PipelineNote } from '../../../shared/pipeline.js';
import { NOTE_MAX_LENGTH } from '../../../shared/pipeline.js';
import { TEAM_MESSAGES } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { pipelineNotes } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { changeList, type ListWriter } from '../lists/list-change.js';
import { personJson, type PipelineTable } from './pipeline-columns.js';
import { assertRowOnList, rowTable, type RowRef } from './row-store.js';

const noteColumns = {
  id: pipelineNotes.id,
  body: pipelineNotes.body,
  created_at: pipelineNotes.created_at,
  author: personJson(pipelineNotes.user_id),
};

function toNote(row: { id: number; body: string; created_at: Date; author: PipelineNote['author'] }): PipelineNote {
  return { id: row.id, body: row.body, created_at: row.created_at.toISOString(), author: row.author };
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

const ofRow = (table: PipelineTable, ref: RowRef) => and(eq(pipelineNotes.list_id, ref.listId), eq(table.noteItemId, ref.itemId))!;

/** Newest first, each with its author; of two notes made in the same instant, the one added last. */
export async function listNotes(db: Db, ref: RowRef): Promise<PipelineNote[]> {
  const table = await assertRowOnList(db, ref);
  const rows = await db
    .select(noteColumns)
    .from(pipelineNotes)
    .where(ofRow(table, ref))
    .orderBy(desc(pipelineNotes.created_at), desc(pipelineNotes.id));
  return rows.map(toNote);
}

/** Adds the caller's note to a row of a list they edit, logged as note_added. */
export async function addNote(writer: ListWriter, ref: RowRef, body: string): Promise<PipelineNote> {
  return changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    await rowTable(tx, list, ref);
    const item = ref.kind.type === 'investor' ? { investor_id: ref.itemId } : { fund_id: ref.itemId };
    const [{ id }] = await tx
      .insert(pipelineNotes)
      .values({ list_id: ref.listId, ...item, user_id: ref.userId, body })
      .returning({ id: pipelineNotes.id });
    const [row] = await tx.select(noteColumns).from(pipelineNotes).where(eq(pipelineNotes.id, id));
    const note = toNote(row);
    await log.activity([{ kind: ref.kind.type, itemId: ref.itemId, action: 'note_added', detail: { note: { id, body } } }]);
    await log.events([{ type: 'note-added', data: { kind: ref.kind.type, item_id: ref.itemId, note } }]);
    return note;
  });
}

/** Deletes one of the caller's notes on the row: another's is a 403, a note not on the row a 404. */
export async function deleteNote(writer: ListWriter, ref: RowRef, noteId: number): Promise<void> {
  await changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    const table = await rowTable(tx, list, ref);
    const [note] = await tx
      .select({ user_id: pipelineNotes.user_id, body: pipelineNotes.body })
      .from(pipelineNotes)
      .where(and(ofRow(table, ref), eq(pipelineNotes.id, noteId)));
    if (!note) throw new HttpError(404, 'Note not found');
    if (note.user_id !== ref.userId) throw new HttpError(403, TEAM_MESSAGES.notYourNote);
    await tx.delete(pipelineNotes).where(eq(pipelineNotes.id, noteId));
    const detail = { note: { id: noteId, body: note.body } };
    await log.activity([{ kind: ref.kind.type, itemId: ref.itemId, action: 'note_deleted', detail }]);
    await log.events([{ type: 'note-deleted', data: { kind: ref.kind.type, item_id: ref.itemId, note_id: noteId } }]);
  });
}
