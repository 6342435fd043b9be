import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { formatUsd } from '@/lib/format';
import { outboxReplayer, type OutboxRow } from '@/features/offline';
import { showToast } from '@/lib/toasts';
import { PIPELINE_STAGE_LABELS, type Pipeline, type PipelineField, type PipelinePatchResult } from '@/shared/pipeline';
import type { ListItem } from '@/shared/api-types';
import { listItemsKey } from '../api/get-list-items';
import { LISTS_KEY } from '../api/get-lists';
import { isAddition, isNote, isPipelineChange, type PipelineChangePayload } from '../api/list-outbox';
import { formatFollowUp } from '../pipeline/pipeline-format';

/** Bursts of synced changes are reported once, this long after the last one. */
const SETTLE_MS = 300;

const rows = (count: number) => (count === 1 ? '1 row' : `${count} rows`);

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
function applyAnswer(queryClient: QueryClient, { listId, itemId }: PipelineChangePayload, result: PipelinePatchResult) {
  queryClient.setQueryData<ListItem[]>(listItemsKey(listId), (items) =>
    items?.map((item) => (item.id === itemId ? { ...item, pipeline: result.pipeline } : item)),
  );
}

function rejectionText(row: OutboxRow, message: string): string {
  if (isAddition(row)) return `${rows(row.payload.items.length)} could not be added to a list: ${message}`;
  if (isNote(row)) return `A note could not be saved: ${message}`;
  return `A change could not be saved: ${message}`;
}

/**
 * Tells the founder what became of the lists' queued changes once the server answered, and refreshes
 * the lists' data: additions made offline now saved, a refusal with its reason, and a pipeline change
 * that a later change from another device outranked. Mounted once, before the replayer starts.
 */
export function ListSyncReporter() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let replayed = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
      if (replayed > 0) {
        showToast(`${rows(replayed)} added while offline ${replayed === 1 ? 'is' : 'are'} now saved to your lists`, {
          variant: 'success',
        });
      }
      replayed = 0;
    };
    const unsubscribe = outboxReplayer.subscribe((event) => {
      const { row } = event;
      if (event.type === 'rejected') {
        showToast(rejectionText(row, event.message), { variant: 'error' });
      } else if (isAddition(row)) {
        if (event.replayed) replayed += row.payload.items.length;
      } else if (isPipelineChange(row)) {
        const result = event.answer as PipelinePatchResult;
        applyAnswer(queryClient, row.payload, result);
        if (result.superseded.length > 0) showToast(supersededText(result), { variant: 'info' });
      }
      clearTimeout(settle);
      settle = setTimeout(flush, SETTLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(settle);
    };
  }, [queryClient]);
  return null;
}
