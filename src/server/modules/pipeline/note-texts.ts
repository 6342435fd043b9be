import { inArray } from 'drizzle-orm';
import { pipelineNotes } from '../../db/schema.js';
import type { StoredAnswer } from '../../plugins/idempotency.js';

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
