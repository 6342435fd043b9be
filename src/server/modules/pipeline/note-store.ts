import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { PipelineNote } from '../../../shared/pipeline.js';
import { NOTE_MAX_LENGTH, NOTES_PER_ROW_MAX } from '../../../shared/pipeline.js';
import { TEAM_MESSAGES } from '../../../shared/teams.js';
import type { Db } from '../../db/client.js';
import { pipelineNotes } from '../../db/schema.js';
import { HttpError } from '../../plugins/error-handler.js';
import { changeList, type ListWriter } from '../lists/list-change.js';
import { forgetEntryTexts } from './entry-texts.js';
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

export interface NotesPage {
  limit: number;
  /** A note of the row: the page starts after it. */
  before?: number;
}

/** A page of the row's notes, newest first, each with its author; of two notes made in the same instant, the one added last. */
export async function listNotes(db: Db, ref: RowRef, page: NotesPage): Promise<PipelineNote[]> {
  const table = await assertRowOnList(db, ref);
  let after: SQL | undefined;
  if (page.before !== undefined) {
    const [found] = await db
      .select({ id: pipelineNotes.id })
      .from(pipelineNotes)
      .where(and(ofRow(table, ref), eq(pipelineNotes.id, page.before)));
    if (!found) throw new HttpError(422, `querystring 'before' must be a note on this row; ${page.before} is not`);
    // Compared in the database: its times have microseconds, which a JavaScript Date would drop.
    after = sql`(${pipelineNotes.created_at}, ${pipelineNotes.id}) <
      (SELECT c.created_at, c.id FROM ${pipelineNotes} c WHERE c.id = ${page.before})`;
  }
  const rows = await db
    .select(noteColumns)
    .from(pipelineNotes)
    .where(and(ofRow(table, ref), after))
    .orderBy(desc(pipelineNotes.created_at), desc(pipelineNotes.id))
    .limit(page.limit);
  return rows.map(toNote);
}

/** Adds the caller's note to a row of a list they edit, logged as note_added; a row holding NOTES_PER_ROW_MAX is a 422. */
export async function addNote(writer: ListWriter, ref: RowRef, body: string): Promise<PipelineNote> {
  return changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    const table = await rowTable(tx, list, ref);
    // Counted under the list's row lock, so two notes added at once cannot both pass.
    const [{ held }] = await tx.select({ held: sql<number>`count(*)::int` }).from(pipelineNotes).where(ofRow(table, ref));
    if (held >= NOTES_PER_ROW_MAX) {
      throw new HttpError(422, `A row can hold at most ${NOTES_PER_ROW_MAX} notes: delete one to add another`);
    }
    const item = ref.kind.type === 'investor' ? { investor_id: ref.itemId } : { fund_id: ref.itemId };
    const [{ id }] = await tx
      .insert(pipelineNotes)
      .values({ list_id: ref.listId, ...item, user_id: ref.userId, body })
      .returning({ id: pipelineNotes.id });
    const [row] = await tx.select(noteColumns).from(pipelineNotes).where(eq(pipelineNotes.id, id));
    const note = toNote(row);
    await log.record(
      [{ kind: ref.kind.type, itemId: ref.itemId, action: 'note_added', detail: { note: { id, body } } }],
      [{ type: 'note-added', data: { kind: ref.kind.type, item_id: ref.itemId, note } }],
    );
    return note;
  });
}

/**
 * Deletes one of the caller's notes on the row: another's is a 403, a note not on the row a 404. Its text goes
 * with it (note-texts.ts); the activity says who deleted a note, and when.
 */
export async function deleteNote(writer: ListWriter, ref: RowRef, noteId: number): Promise<void> {
  await changeList(writer, ref, 'edit', async (tx, { list }, log) => {
    const table = await rowTable(tx, list, ref);
    const [note] = await tx
      .select({ user_id: pipelineNotes.user_id })
      .from(pipelineNotes)
      .where(and(ofRow(table, ref), eq(pipelineNotes.id, noteId)));
    if (!note) throw new HttpError(404, 'Note not found');
    if (note.user_id !== ref.userId) throw new HttpError(403, TEAM_MESSAGES.notYourNote);
    await tx.delete(pipelineNotes).where(eq(pipelineNotes.id, noteId));
    await forgetEntryTexts(tx, 'note', { listId: ref.listId, kind: ref.kind.type, itemId: ref.itemId, id: noteId });
    await log.record(
      [{ kind: ref.kind.type, itemId: ref.itemId, action: 'note_deleted' }],
      [{ type: 'note-deleted', data: { kind: ref.kind.type, item_id: ref.itemId, note_id: noteId } }],
    );
  });
}
