import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, ROUND_PATH } from '@/shared/api-paths';
import type { RoundFigureByList, RoundFigureRows } from '@/shared/round-summary';
import { roundKeys, ROUND_STALE_MS, type RoundByListParams, type RoundRowsParams } from './round-keys';

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

/** GET /api/v1/round/rows without a list: how many rows of each of her own investor lists are behind a figure. */
export function getRoundFigureByList({ figure, type, coldDays, tz }: RoundByListParams): Promise<RoundFigureByList> {
  return api<RoundFigureByList>(`${API}${ROUND_PATH}/rows`, { query: { figure, type, cold_days: coldDays, tz } });
}

/** The breakdown by list of a figure of all her lists, in one call. */
export function useRoundFigureByList(params: RoundByListParams) {
  return useQuery({ queryKey: roundKeys.byList(params), queryFn: () => getRoundFigureByList(params), staleTime: ROUND_STALE_MS });
}
