import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Fund } from '@/shared/api-types';

export function getFund(fundId: number): Promise<Fund> {
  return api<Fund>(`${API}/funds/${fundId}`);
}

export const fundQueryOptions = (fundId: number) =>
  queryOptions({ queryKey: ['funds', 'detail', fundId], queryFn: () => getFund(fundId) });

/** The route's loader has filled the cache, so the page renders only with the data there. */
export function useFund(fundId: number) {
  return useSuspenseQuery(fundQueryOptions(fundId));
}
