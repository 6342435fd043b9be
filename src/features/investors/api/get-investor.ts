import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Investor } from '@/shared/api-types';

export function getInvestor(investorId: number): Promise<Investor> {
  return api<Investor>(`${API}/investors/${investorId}`);
}

export const investorQueryOptions = (investorId: number) =>
  queryOptions({ queryKey: ['investors', 'detail', investorId], queryFn: () => getInvestor(investorId) });

/** The route's loader has filled the cache, so the page renders only with the data there. */
export function useInvestor(investorId: number) {
  return useSuspenseQuery(investorQueryOptions(investorId));
}
