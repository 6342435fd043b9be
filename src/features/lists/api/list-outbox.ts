// What the lists feature queues in the offline outbox (src/features/offline): additions of rows to a list,
// changes to a row's stage, follow-up or amount, and new notes. Each entry carries the call that makes
// it and what the pages show as pending until the server has it.
import type { OutboxEntry, OutboxRow } from '@/features/offline';
import type { Fund, Investor, ListItem, ListType } from '@/shared/api-types';
import type { Fit } from '@/shared/fit';
import type { PipelinePatch } from '@/shared/pipeline';
import { newPipeline } from '../pipeline/pending-pipeline';
import { listPath, listRowPath, rowNotesPath, rowSegment } from './list-paths';

export const LIST_ADDITION = 'list-addition';
export const PIPELINE_CHANGE = 'pipeline-change';
export const PIPELINE_NOTE = 'pipeline-note';

/** A catalogue row as a table showed it when it was added to a list (its fit, if it had one). */
export type AddedRow = (Investor | Fund) & { fit?: Fit | null };

export interface AdditionPayload {
  listId: number;
  listType: ListType;
  /** The rows as the user saw them, shown in the list as pending until the server has them. */
  items: AddedRow[];
}

/** Which row of which list a pipeline change or note is about. */
export interface RowRef {
  listId: number;
  listType: ListType;
  itemId: number;
}

export interface PipelineChangePayload extends RowRef {
  patch: PipelinePatch;
}

export interface NotePayload extends RowRef {
  body: string;
  /** ISO time the note was written. */
  createdAt: string;
}

/** POST /api/v1/lists/{id}/{investors|funds}/batch. */
export function additionEntry(listId: number, listType: ListType, items: AddedRow[]): OutboxEntry<AdditionPayload> {
  if (!Number.isInteger(listId) || listId <= 0) throw new Error(`Cannot add to list ${listId}: not a list id`);
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  if (unique.length === 0) throw new Error('Select at least one row to add to the list');
  const idsKey = listType === 'investor' ? 'investor_ids' : 'fund_ids';
  return {
    kind: LIST_ADDITION,
    request: {
      method: 'POST',
      path: `${listPath(listId)}/${rowSegment(listType)}/batch`,
      body: { [idsKey]: unique.map((item) => item.id) },
    },
    payload: { listId, listType, items: unique },
  };
}

/** PATCH of a row, stamped with when the founder made the change: the later of two changes wins. */
export function pipelineChangeEntry(row: RowRef, patch: Omit<PipelinePatch, 'changed_at'>, now = new Date()): OutboxEntry<PipelineChangePayload> {
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

export const isAddition = (row: OutboxRow): row is OutboxRow<AdditionPayload> => row.kind === LIST_ADDITION;
export const isPipelineChange = (row: OutboxRow): row is OutboxRow<PipelineChangePayload> => row.kind === PIPELINE_CHANGE;
export const isNote = (row: OutboxRow): row is OutboxRow<NotePayload> => row.kind === PIPELINE_NOTE;

/** Whether a queued pipeline change or note is about this row of this list. */
export const isAbout = (payload: RowRef, listId: number, listType: ListType, itemId: number) =>
  payload.listId === listId && payload.listType === listType && payload.itemId === itemId;

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
