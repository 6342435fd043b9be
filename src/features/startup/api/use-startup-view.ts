import { useMemo } from 'react';
import { usePendingChanges } from '@/lib/outbox-hooks';
import type { StartupProfile } from '@/shared/fit';
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
