// A row's pipeline as the founder sees it: the server's, with the changes and notes still in the
// outbox laid over it in the order they were made, and which parts of it are pending.
import type { OutboxRow } from '@/features/offline';
import type { ListType } from '@/shared/api-types';
import { newPipeline, type Pipeline, type PipelineField, type PipelineNote } from '@/shared/pipeline';
import { isAbout, isNote, isPipelineChange } from './api/pipeline-outbox';

/** A note the server does not have yet; its id is negative (the outbox's order) until then. */
export interface ShownNote extends PipelineNote {
  pending: boolean;
}

export interface ShownPipeline {
  pipeline: Pipeline;
  /** The fields set by a change not yet on the server. */
  pendingFields: ReadonlySet<PipelineField>;
  /** Notes written and not yet on the server, newest first. */
  pendingNotes: ShownNote[];
}

export function shownPipeline(
  base: Pipeline | undefined,
  outbox: readonly OutboxRow[],
  { listId, listType, itemId }: { listId: number; listType: ListType; itemId: number },
): ShownPipeline {
  const pipeline: Pipeline = { ...(base ?? newPipeline()) };
  const pendingFields = new Set<PipelineField>();
  const pendingNotes: ShownNote[] = [];
  for (const row of outbox) {
    if (isPipelineChange(row) && isAbout(row.payload, listId, listType, itemId)) {
      const { patch } = row.payload;
      if (patch.stage !== undefined) {
        pipeline.stage = patch.stage;
        pendingFields.add('stage');
      }
      if (patch.follow_up_on !== undefined) {
        pipeline.follow_up_on = patch.follow_up_on;
        pendingFields.add('follow_up_on');
      }
      if (patch.amount !== undefined) {
        pipeline.amount = patch.amount;
        pendingFields.add('amount');
      }
    } else if (isNote(row) && isAbout(row.payload, listId, listType, itemId)) {
      pendingNotes.unshift({ id: -row.seq, body: row.payload.body, created_at: row.payload.createdAt, author: null, pending: true });
    }
  }
  if (pendingNotes.length > 0) {
    pipeline.note_count += pendingNotes.length;
    pipeline.latest_note = pendingNotes[0];
  }
  return { pipeline, pendingFields, pendingNotes };
}

/** The notes to show: those not yet sent, then the server's, newest first. */
export function shownNotes(saved: readonly PipelineNote[] | undefined, pending: readonly ShownNote[]): ShownNote[] {
  return [...pending, ...(saved ?? []).map((note) => ({ ...note, pending: false }))];
}
