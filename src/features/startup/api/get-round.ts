import { useQuery } from '@tanstack/react-query';
import { apiGetQueryOptions } from '@/lib/api-get-query';
import { API, ROUND_PATH } from '@/shared/api-paths';
import type { RoundProgress } from '@/shared/fit';

/** The round's progress: the profile's target against the pipeline. */
export const ROUND_KEY = ['round'] as const;

export const roundQueryOptions = () => apiGetQueryOptions<RoundProgress, typeof ROUND_KEY>(ROUND_KEY, `${API}${ROUND_PATH}`);

export function useRound() {
  return useQuery(roundQueryOptions());
}
