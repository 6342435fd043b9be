// What the pipeline feature queues in the offline outbox (src/features/offline): changes to a row's
// stage, follow-up or amount, new notes and touches logged by hand. Each entry carries the call that makes it and what the
// pages show as pending until the server has it.
import type { OutboxEntry, OutboxRow } from '@/features/offline';
import type { ListType } from '@/shared/api-types';
import { rowTouchesPath, type TouchInput } from '@/shared/capture';
import { listRowPath, rowNotesPath } from '@/shared/list-paths';
import type { PipelinePatch } from '@/shared/pipeline';

export const PIPELINE_CHANGE = 'pipeline-change';
export const PIPELINE_NOTE = 'pipeline-note';
export const PIPELINE_TOUCH = 'pipeline-touch';

/** Which row of which list a pipeline change or note is about. */
export interface RowRef {
  listId: number;
  listType: ListType;
  itemId: number;
  /** What the row and its list were called when the change was made: a refusal names the change with them. */
  names?: { row?: string; list: string };
}

export interface PipelineChangePayload extends RowRef {
  patch: PipelinePatch;
}

export interface NotePayload extends RowRef {
  body: string;
  /** ISO time the note was written. */
  createdAt: string;
}

export interface TouchPayload extends RowRef {
  /** As sent: `happened_at` always set (when it happened, or when it was logged). */
  touch: TouchInput & { happened_at: string };
}

/** PATCH of a row, stamped with when the founder made the change: the later of two changes wins. */
export function pipelineChangeEntry(
  row: RowRef,
  patch: Omit<PipelinePatch, 'changed_at'>,
  now = new Date(),
): OutboxEntry<PipelineChangePayload> {
  const stamped: PipelinePatch = { ...patch, changed_at: now.toISOString() };
  return {
    kind: PIPELINE_CHANGE,
    request: { method: 'PATCH', path: listRowPath(row.listId, row.listType, row.itemId), body: stamped },
    payload: { ...row, patch: stamped },
  };
}

/** POST of a note; the outbox's idempotency key makes a replay land once. */
export function noteEntry(row: RowRef, body: string, now = new Date()): OutboxEntry<NotePayload> {
  return {
    kind: PIPELINE_NOTE,
    request: { method: 'POST', path: rowNotesPath(row.listId, row.listType, row.itemId), body: { body } },
    payload: { ...row, body, createdAt: now.toISOString() },
  };
}

/** POST of a touch logged by hand, dated when the founder logged it unless she said when it happened. */
export function touchEntry(row: RowRef, input: TouchInput, now = new Date()): OutboxEntry<TouchPayload> {
  const touch = { ...input, happened_at: input.happened_at ?? now.toISOString() };
  return {
    kind: PIPELINE_TOUCH,
    request: { method: 'POST', path: rowTouchesPath(row.listId, row.listType, row.itemId), body: touch },
    payload: { ...row, touch },
  };
}

export const isPipelineChange = (row: OutboxRow): row is OutboxRow<PipelineChangePayload> => row.kind === PIPELINE_CHANGE;
export const isNote = (row: OutboxRow): row is OutboxRow<NotePayload> => row.kind === PIPELINE_NOTE;
export const isTouch = (row: OutboxRow): row is OutboxRow<TouchPayload> => row.kind === PIPELINE_TOUCH;

/** Whether a queued pipeline change or note is about this row of this list. */
export const isAbout = (payload: RowRef, listId: number, listType: ListType, itemId: number) =>
  payload.listId === listId && payload.listType === listType && payload.itemId === itemId;
