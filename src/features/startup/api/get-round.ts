import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, ROUND_PATH } from '@/shared/api-paths';
import type { RoundProgress } from '@/shared/fit';

/** The round's progress: the profile's target against the pipeline. */
export const ROUND_KEY = ['round'] as const;

export function getRound(): Promise<RoundProgress> {
  return api<RoundProgress>(`${API}${ROUND_PATH}`);
}

export const roundQueryOptions = () => queryOptions({ queryKey: ROUND_KEY, queryFn: getRound });

export function useRound() {
  return useQuery(roundQueryOptions());
}
