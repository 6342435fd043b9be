import type { OutboxRow } from '../db/offline-db';
import { outboxReplayer, type OutboxEvent } from './outbox-replayer';

/** A burst of answers (a drain after reconnecting) is settled this long after its last one. */
const SETTLE_MS = 300;

/**
 * Hands a feature the outbox's answers for its own rows, each as it comes, and tells it once a burst of
 * them has settled: the moment to refetch and to sum up, once rather than per row. Returns the unsubscribe.
 */
export function subscribeToAnswers<R extends OutboxRow>(
  isOwnRow: (row: OutboxRow) => row is R,
  onAnswer: (event: OutboxEvent & { row: R }) => void,
  onSettled: () => void,
): () => void {
  let settle: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = outboxReplayer.subscribe((event) => {
    if (!isOwnRow(event.row)) return;
    onAnswer(event as OutboxEvent & { row: R });
    clearTimeout(settle);
    settle = setTimeout(onSettled, SETTLE_MS);
  });
  return () => {
    unsubscribe();
    clearTimeout(settle);
  };
}
