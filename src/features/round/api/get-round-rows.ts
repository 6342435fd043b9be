import { queryOptions, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, ROUND_PATH } from '@/shared/api-paths';
import type { RoundFigureRows } from '@/shared/round-summary';
import { roundKeys, ROUND_STALE_MS, type RoundRowsParams } from './round-keys';

/** GET /api/v1/round/rows: the investor ids of a list's rows behind a figure. */
export function getRoundRows({ listId, figure, type, coldDays, tz }: RoundRowsParams): Promise<RoundFigureRows> {
  return api<RoundFigureRows>(`${API}${ROUND_PATH}/rows`, { query: { list_id: listId, figure, type, cold_days: coldDays, tz } });
}

export const roundRowsQueryOptions = (params: RoundRowsParams) =>
  queryOptions({ queryKey: roundKeys.rows(params), queryFn: () => getRoundRows(params), staleTime: ROUND_STALE_MS });

/** The rows behind a figure on one list (the list page filtered by it); nothing asked without a figure. */
export function useRoundRows(params: RoundRowsParams | null) {
  return useQuery({
    queryKey: params ? roundKeys.rows(params) : (['round', 'rows'] as const),
    queryFn: params ? () => getRoundRows(params) : skipToken,
    staleTime: ROUND_STALE_MS,
  });
}

/** The rows behind one figure on each of several lists: the breakdown by list of a figure of all her lists. */
export function useRoundRowsOfLists(listIds: readonly number[], params: Omit<RoundRowsParams, 'listId'>) {
  return useQueries({ queries: listIds.map((listId) => roundRowsQueryOptions({ ...params, listId })) });
}
