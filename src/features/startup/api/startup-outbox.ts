// What the startup feature queues in the offline outbox (src/features/offline): an edit of the profile, sent
// as PUT /api/v1/startup stamped with when it was made, so of two edits the later wins wherever each
// was made. The page shows the queued profile at once, marked pending, until the server has it.
import type { OutboxEntry, OutboxRow } from '@/features/offline';
import { API, STARTUP_PATH } from '@/shared/api-paths';
import type { CompleteStartupProfile, StartupProfile } from '@/shared/fit';

export const STARTUP_EDIT = 'startup-edit';

export interface StartupEditPayload {
  profile: CompleteStartupProfile;
  /** ISO time the edit was made on this device. */
  changedAt: string;
}

export function startupEditEntry(profile: CompleteStartupProfile, now = new Date()): OutboxEntry<StartupEditPayload> {
  const changedAt = now.toISOString();
  return {
    kind: STARTUP_EDIT,
    request: { method: 'PUT', path: `${API}${STARTUP_PATH}`, body: { ...profile, changed_at: changedAt } },
    payload: { profile, changedAt },
  };
}

export const isStartupEdit = (row: OutboxRow): row is OutboxRow<StartupEditPayload> => row.kind === STARTUP_EDIT;

/** The newest queued edit of the profile, if any. */
export function pendingStartupEdit(rows: readonly OutboxRow[]): StartupEditPayload | null {
  const edits = rows.filter(isStartupEdit);
  return edits.length === 0 ? null : edits[edits.length - 1].payload;
}

/** Whether the server's answer holds the edit as made (not another device's later one). */
export function holdsEdit(answer: StartupProfile, edit: CompleteStartupProfile): boolean {
  return (Object.keys(edit) as (keyof CompleteStartupProfile)[]).every((field) =>
    field === 'industries' ? answer.industries?.join('\n') === edit.industries.join('\n') : answer[field] === edit[field],
  );
}
