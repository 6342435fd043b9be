import { outboxReplayer, type OutboxEntry, type OutboxOutcome } from '@/features/offline';
import { isSavedSearchRow, type SavedSearchPayload } from './saved-search-outbox';

/** The server refused a change: `message` is its detail (a name taken, say), for the form to show in place. */
export class SavedSearchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SavedSearchRefusedError';
  }
}

/**
 * Queues a change in the outbox and tries to send it at once: 'synced' when the server has it, 'queued'
 * when it waits for the network (shown as pending meanwhile). A refusal throws SavedSearchRefusedError
 * with the server's detail.
 */
export async function submitChange(entry: OutboxEntry<SavedSearchPayload>): Promise<Exclude<OutboxOutcome, 'rejected'>> {
  let refusal = `“${entry.payload.name}” could not be saved.`;
  const stop = outboxReplayer.subscribe((event) => {
    if (event.type === 'rejected' && isSavedSearchRow(event.row) && event.row.payload.changeId === entry.payload.changeId) {
      refusal = event.message;
    }
  });
  try {
    const outcome = await outboxReplayer.add(entry);
    if (outcome === 'rejected') throw new SavedSearchRefusedError(refusal);
    return outcome;
  } finally {
    stop();
  }
}
