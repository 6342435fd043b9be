import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useLists } from '@/features/lists/api/get-lists';
import { roundSummaryQueryOptions } from '@/features/round/api/get-round-summary';
import type { RoundList } from '@/features/round/components/round-scope';
import { RoundPage } from '@/features/round/components/RoundPage';
import { browserTimeZone, coldDaysParam } from '@/features/round/round-figures';
import { COLD_DAYS_DEFAULT } from '@/shared/round-summary';

/** A list's id from the URL: a positive whole number, else undefined (all her lists). */
function listIdParam(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

const tz = browserTimeZone();

export const Route = createFileRoute('/_app/round')({
  // ?list_id=N sums one list (else all hers); ?cold_days=N sets when a row is going cold (14 by default, kept out of the URL).
  validateSearch: (search: Record<string, unknown>): { list_id?: number; cold_days?: number } => {
    const listId = listIdParam(search.list_id);
    const coldDays = coldDaysParam(search.cold_days);
    return { ...(listId ? { list_id: listId } : {}), ...(coldDays ? { cold_days: coldDays } : {}) };
  },
  loaderDeps: ({ search }) => ({ listId: search.list_id ?? null, coldDays: search.cold_days ?? COLD_DAYS_DEFAULT }),
  // Not awaited when it fails: the page says why (not available offline, a list no longer hers) beside its controls.
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(roundSummaryQueryOptions({ ...deps, tz })).catch(() => undefined),
  component: Round,
});

function Round() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: allLists } = useLists();
  // Investor lists only: the round is raised from investors. Her own first, then those shared with her.
  const lists = useMemo<RoundList[]>(
    () =>
      (allLists ?? [])
        .filter((list) => list.list_type === 'investor')
        .map((list) => ({ id: list.id, name: list.name, own: list.role === 'owner' })),
    [allLists],
  );
  const onListChange = useCallback(
    (listId: number | null) => void navigate({ search: (prev) => ({ ...prev, list_id: listId ?? undefined }), replace: true }),
    [navigate],
  );
  const onColdDaysChange = useCallback(
    (days: number) =>
      void navigate({ search: (prev) => ({ ...prev, cold_days: days === COLD_DAYS_DEFAULT ? undefined : days }), replace: true }),
    [navigate],
  );
  return (
    <RoundPage
      listId={search.list_id ?? null}
      coldDays={search.cold_days ?? COLD_DAYS_DEFAULT}
      tz={tz}
      lists={lists}
      onListChange={onListChange}
      onColdDaysChange={onColdDaysChange}
    />
  );
}
