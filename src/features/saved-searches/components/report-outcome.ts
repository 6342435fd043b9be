import type { OutboxOutcome } from '@/features/offline';
import { showToast } from '@/lib/toasts';

/** Says a change landed, or that it waits on this device for the network. */
export function reportOutcome(outcome: Exclude<OutboxOutcome, 'rejected'>, landed: string) {
  if (outcome === 'synced') showToast(landed, { variant: 'success' });
  else showToast(`${landed} on this device; it will be sent when you are back online`, { variant: 'info' });
}
