import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { subscribeToAnswers, type OutboxRow } from '@/features/offline';
import { formatUsd } from '@/lib/format';
import { overwriteQueryData } from '@/lib/query-client';
import { showToast } from '@/lib/toasts';
import type { ListItem } from '@/shared/api-types';
import { PIPELINE_STAGE_LABELS, type Pipeline, type PipelineField, type PipelinePatchResult } from '@/shared/pipeline';
import type { ListKeys } from '../api/list-keys';
import { isNote, isPipelineChange, isTouch, type NotePayload, type PipelineChangePayload, type TouchPayload } from '../api/pipeline-outbox';
import { formatFollowUp } from '../pipeline-format';
import { refusalText } from '../refusal-text';

const FIELD_NAMES: Record<PipelineField, string> = { stage: 'Stage', follow_up_on: 'Next follow-up', amount: 'Amount' };

function fieldValue(pipeline: Pipeline, field: PipelineField): string {
  if (field === 'stage') return PIPELINE_STAGE_LABELS[pipeline.stage];
  if (field === 'follow_up_on') return pipeline.follow_up_on === null ? 'no follow-up' : formatFollowUp(pipeline.follow_up_on);
  return pipeline.amount === null ? 'no amount' : formatUsd(pipeline.amount);
}

const joined = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** "Another device changed Stage later; kept Meeting." */
export function supersededText(result: PipelinePatchResult): string {
  const fields = result.superseded;
  return `Another device changed ${joined(fields.map((field) => FIELD_NAMES[field]))} later; kept ${joined(
    fields.map((field) => fieldValue(result.pipeline, field)),
  )}.`;
}

/** The list's cached items take the row's pipeline as the server answered it, without waiting for a refetch. */
function applyAnswer(queryClient: QueryClient, listKeys: ListKeys, { listId, itemId }: PipelineChangePayload, result: PipelinePatchResult) {
  void overwriteQueryData<ListItem[]>(queryClient, listKeys.items(listId), (items) =>
    items?.map((item) => (item.id === itemId ? { ...item, pipeline: result.pipeline } : item)),
  );
}

/**
 * Tells the founder what became of the queued pipeline changes, notes and touches once the server answered, and
 * refreshes the lists' data: a refusal with its reason, and a change that a later change from another
 * device outranked. Mounted once, before the replayer starts.
 */
export function PipelineSyncReporter({ listKeys }: { listKeys: ListKeys }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    return subscribeToAnswers(
      (row): row is OutboxRow<PipelineChangePayload> | OutboxRow<NotePayload> | OutboxRow<TouchPayload> =>
        isPipelineChange(row) || isNote(row) || isTouch(row),
      (event) => {
        const { row } = event;
        // A touch logged while online is refused in its dialog, which says why; one replayed later, here.
        if (event.type === 'rejected' && isTouch(row) && !event.replayed) return;
        if (event.type === 'rejected') {
          // Its pending mark goes with it: the outbox has dropped the row.
          showToast(refusalText(row, event.error, event.message), { variant: 'error' });
        } else if (isPipelineChange(row)) {
          const result = event.answer as PipelinePatchResult;
          applyAnswer(queryClient, listKeys, row.payload, result);
          if (result.superseded.length > 0) showToast(supersededText(result), { variant: 'info' });
        }
      },
      () => void queryClient.invalidateQueries({ queryKey: listKeys.all }),
    );
  }, [queryClient, listKeys]);
  return null;
}
