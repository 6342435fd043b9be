import { useMutation } from '@tanstack/react-query';
import { outboxReplayer, type OutboxOutcome } from '@/features/offline';
import type { CompleteStartupProfile } from '@/shared/fit';
import { isStartupEdit, startupEditEntry } from './startup-outbox';

/** The server refused the profile: `message` is its detail, naming the field. */
export class StartupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupRefusedError';
  }
}

/**
 * Saves the profile through the outbox: sent at once when online ('synced'), kept and shown as pending
 * when not ('queued'). A refusal throws StartupRefusedError with the server's detail, for the form to
 * show in place. It runs offline too, rather than waiting for the network.
 */
export function useSaveStartup() {
  return useMutation({
    networkMode: 'always',
    mutationFn: async (profile: CompleteStartupProfile): Promise<Exclude<OutboxOutcome, 'rejected'>> => {
      const entry = startupEditEntry(profile);
      let refusal = 'Your startup profile could not be saved.';
      const stop = outboxReplayer.subscribe((event) => {
        if (event.type === 'rejected' && isStartupEdit(event.row) && event.row.payload.changedAt === entry.payload.changedAt) {
          refusal = event.message;
        }
      });
      try {
        const outcome = await outboxReplayer.add(entry);
        if (outcome === 'rejected') throw new StartupRefusedError(refusal);
        return outcome;
      } finally {
        stop();
      }
    },
  });
}
