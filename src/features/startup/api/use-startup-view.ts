import { useMemo } from 'react';
import { usePendingChanges } from '@/features/offline';
import { type CompleteStartupProfile, isCompleteProfile, type StartupProfile } from '@/shared/fit';
import { useStartup } from './get-startup';
import { pendingStartupEdit } from './startup-outbox';

export interface StartupView {
  /** The profile to show: the server's, with an edit still in the outbox laid over it. */
  profile: StartupProfile | undefined;
  /** The profile the server scores rows by (its answer), until a pending edit lands. */
  saved: StartupProfile | undefined;
  /** Whether an edit waits in the outbox. */
  pending: boolean;
}

export function useStartupView(): StartupView {
  const { data } = useStartup();
  const edit = pendingStartupEdit(usePendingChanges());
  return useMemo(() => ({ profile: edit?.profile ?? data, saved: data, pending: edit !== null }), [edit, data]);
}

/**
 * What the catalogue pages rank by: the profile the server scores rows with (null before the first
 * save), and whether an edit of it waits to be sent — rows are re-ranked once it lands.
 */
export function useFitProfile(): { profile: CompleteStartupProfile | null; pending: boolean } {
  const { saved, pending } = useStartupView();
  const profile = isCompleteProfile(saved) ? saved : null;
  return useMemo(() => ({ profile, pending }), [profile, pending]);
}
