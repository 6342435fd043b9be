import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { TouchInput } from '@/shared/capture';
import { touchEntry, type RowRef } from './pipeline-outbox';

/**
 * Logs a call, meeting, message or mail on a row by hand, through the offline outbox: shown at once, marked
 * pending, sent in order, landing once. Resolves 'synced' or 'queued' (offline); a refusal throws
 * ChangeRefusedError with the server's reason, for the form to show in place.
 */
export function useLogTouch() {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ row, touch }: { row: RowRef; touch: TouchInput }) => outboxReplayer.submit(touchEntry(row, touch)),
  });
}
