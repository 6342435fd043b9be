import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Investor, Paged } from '@/shared/api-types';
import { investorSearchQuery, type InvestorSearch } from '../investor-filters';

export function searchInvestors(search: InvestorSearch): Promise<Paged<Investor>> {
  return api<Paged<Investor>>(`${API}/investors/search`, { query: investorSearchQuery(search) });
}

export const investorsSearchQueryOptions = (search: InvestorSearch) =>
  queryOptions({
    queryKey: ['investors', 'search', investorSearchQuery(search)],
    queryFn: () => searchInvestors(search),
    // The previous page stays on screen, under the spinner, until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useInvestorsSearch(search: InvestorSearch) {
  return useQuery(investorsSearchQueryOptions(search));
}
