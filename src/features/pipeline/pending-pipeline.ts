// A row's pipeline as the founder sees it: the server's, with the changes, notes and touches still in
// the outbox laid over it in the order they were made, and which parts of it are pending.
import type { OutboxRow } from '@/features/offline';
import type { ListType } from '@/shared/api-types';
import type { Touch } from '@/shared/capture';
import { newPipeline, type Pipeline, type PipelineField, type PipelineNote } from '@/shared/pipeline';
import { isAbout, isNote, isPipelineChange, isTouch } from './api/pipeline-outbox';

/** A note the server does not have yet; its id is negative (the outbox's order) until then. */
export interface ShownNote extends PipelineNote {
  pending: boolean;
}

/** A touch the server does not have yet (logged offline); its id is negative (the outbox's order) until then. */
export interface ShownTouch extends Touch {
  pending: boolean;
}

export interface ShownPipeline {
  pipeline: Pipeline;
  /** The fields set by a change not yet on the server. */
  pendingFields: ReadonlySet<PipelineField>;
  /** Notes written and not yet on the server, newest first. */
  pendingNotes: ShownNote[];
  /** Touches logged and not yet on the server, newest first. */
  pendingTouches: ShownTouch[];
}

export function shownPipeline(
  base: Pipeline | undefined,
  outbox: readonly OutboxRow[],
  { listId, listType, itemId }: { listId: number; listType: ListType; itemId: number },
): ShownPipeline {
  const pipeline: Pipeline = { ...(base ?? newPipeline()) };
  const pendingFields = new Set<PipelineField>();
  const pendingNotes: ShownNote[] = [];
  const pendingTouches: ShownTouch[] = [];
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
    } else if (isTouch(row) && isAbout(row.payload, listId, listType, itemId)) {
      const { touch } = row.payload;
      pendingTouches.unshift({
        id: -row.seq,
        kind: touch.kind,
        subject: touch.subject ?? '',
        body: touch.body ?? '',
        shared: false,
        participants: [],
        match: null,
        happened_at: touch.happened_at,
        author: null,
        pending: true,
      });
      const at = touch.happened_at;
      if (pipeline.last_contacted_at === null || Date.parse(at) > Date.parse(pipeline.last_contacted_at)) pipeline.last_contacted_at = at;
      const answered = touch.answered ?? touch.kind === 'email_received';
      if (answered && (pipeline.answered_at === null || Date.parse(at) > Date.parse(pipeline.answered_at))) pipeline.answered_at = at;
    }
  }
  if (pendingNotes.length > 0) {
    pipeline.note_count += pendingNotes.length;
    pipeline.latest_note = pendingNotes[0];
  }
  return { pipeline, pendingFields, pendingNotes, pendingTouches };
}

/** The notes to show: those not yet sent, then the server's, newest first. */
export function shownNotes(saved: readonly PipelineNote[] | undefined, pending: readonly ShownNote[]): ShownNote[] {
  return [...pending, ...(saved ?? []).map((note) => ({ ...note, pending: false }))];
}

/** The touches to show: those not yet sent, then the server's, newest first. */
export function shownTouches(saved: readonly Touch[] | undefined, pending: readonly ShownTouch[]): ShownTouch[] {
  return [...pending, ...(saved ?? []).map((touch) => ({ ...touch, pending: false }))];
}
