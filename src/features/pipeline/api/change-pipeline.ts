import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { PipelinePatch } from '@/shared/pipeline';
import { pipelineChangeEntry, type RowRef } from './pipeline-outbox';

/**
 * Sets a row's stage, follow-up or amount through the offline outbox: shown at once, marked pending,
 * sent in order. Queuing works offline too, so the mutation runs rather than wait for the network.
 */
export function useChangePipeline() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ row, patch }: { row: RowRef; patch: Omit<PipelinePatch, 'changed_at'> }) =>
      outboxReplayer.add(pipelineChangeEntry(row, patch)),
  });
}
