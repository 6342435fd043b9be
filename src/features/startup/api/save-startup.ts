import { useMutation } from '@tanstack/react-query';
import { outboxReplayer } from '@/features/offline';
import type { CompleteStartupProfile } from '@/shared/fit';
import { startupEditEntry } from './startup-outbox';

/**
 * Saves the profile through the outbox: sent at once when online ('synced'), kept and shown as pending
 * when not ('queued'). A refusal throws ChangeRefusedError with the server's detail, for the form to
 * show in place. It runs offline too, rather than waiting for the network.
 */
export function useSaveStartup() {
  return useMutation({
    networkMode: 'always',
    mutationFn: (profile: CompleteStartupProfile) => outboxReplayer.submit(startupEditEntry(profile)),
  });
}
