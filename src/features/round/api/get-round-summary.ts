import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, ROUND_PATH } from '@/shared/api-paths';
import type { RoundSummary } from '@/shared/round-summary';
import { roundKeys, ROUND_STALE_MS, type RoundSummaryParams } from './round-keys';

/** GET /api/v1/round/summary: every panel of the Round page, for one list or all her investor lists. */
export function getRoundSummary({ listId, coldDays, tz }: RoundSummaryParams): Promise<RoundSummary> {
  return api<RoundSummary>(`${API}${ROUND_PATH}/summary`, {
    query: { ...(listId === null ? {} : { list_id: listId }), cold_days: coldDays, tz },
  });
}

/**
 * Persisted like every answer (the offline feature's persister): offline, the page shows the last figures. Fresh for
 * a short while only: the rows behind them change on every list, so each visit reads them again.
 */
export const roundSummaryQueryOptions = (params: RoundSummaryParams) =>
  queryOptions({ queryKey: roundKeys.summary(params), queryFn: () => getRoundSummary(params), staleTime: ROUND_STALE_MS });

/** Another list or number of days keeps the figures shown until the new ones arrive. */
export function useRoundSummary(params: RoundSummaryParams) {
  return useQuery({ ...roundSummaryQueryOptions(params), placeholderData: keepPreviousData });
}
