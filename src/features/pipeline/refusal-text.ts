// A queued pipeline change, note or touch the server refused, named for the founder: what it was, on which
// row of which list, and why ("Moving Ada Lovelace to Meeting in Seed leads could not be saved: …").
import type { OutboxRow } from '@/features/offline';
import { apiStatus } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { TOUCH_KIND_LABELS } from '@/shared/capture';
import { PIPELINE_STAGE_LABELS } from '@/shared/pipeline';
import { isNote, isTouch, type NotePayload, type PipelineChangePayload, type TouchPayload } from './api/pipeline-outbox';
import { formatFollowUp } from './pipeline-format';

const quoted = (body: string) => `“${body.length > 40 ? `${body.slice(0, 39)}…` : body}”`;

type PipelineOutboxRow = OutboxRow<PipelineChangePayload> | OutboxRow<NotePayload> | OutboxRow<TouchPayload>;

function what(row: PipelineOutboxRow): string {
  const name = row.payload.names?.row;
  const of = name ? ` of ${name}` : '';
  if (isNote(row)) return `The note ${quoted(row.payload.body)}${name ? ` on ${name}` : ''}`;
  if (isTouch(row)) return `The ${TOUCH_KIND_LABELS[row.payload.touch.kind].toLowerCase()} logged${name ? ` with ${name}` : ''}`;
  const { patch } = row.payload as PipelineChangePayload;
  const parts: string[] = [];
  if (patch.stage !== undefined) parts.push(`Moving ${name ?? 'a row'} to ${PIPELINE_STAGE_LABELS[patch.stage]}`);
  if (patch.follow_up_on !== undefined)
    parts.push(
      patch.follow_up_on === null ? `Clearing the follow-up${of}` : `Setting the follow-up${of} to ${formatFollowUp(patch.follow_up_on)}`,
    );
  if (patch.amount !== undefined)
    parts.push(patch.amount === null ? `Clearing the amount${of}` : `Setting the amount${of} to ${formatUsd(patch.amount)}`);
  return parts.map((part, index) => (index === 0 ? part : part.charAt(0).toLowerCase() + part.slice(1))).join(' and ') || 'A change';
}

/** Why: a list no longer shared with the founder answers 404 (its existence is not revealed); a lowered role, 403 with its reason. */
export function refusalReason(error: unknown, message: string): string {
  return apiStatus(error) === 404 ? 'you no longer have access to this list' : message;
}

export function refusalText(row: PipelineOutboxRow, error: unknown, message: string): string {
  const list = row.payload.names?.list;
  return `${what(row)}${list ? ` in ${list}` : ''} could not be saved: ${refusalReason(error, message)}`;
}
