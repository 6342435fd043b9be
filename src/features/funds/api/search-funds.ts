import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { Fund, Paged } from '@/shared/api-types';
import { fundSearchQuery, type FundSearch } from '../fund-filters';

export function searchFunds(search: FundSearch): Promise<Paged<Fund>> {
  return api<Paged<Fund>>(`${API}/funds/search`, { query: fundSearchQuery(search) });
}

export const fundsSearchQueryOptions = (search: FundSearch) =>
  queryOptions({
    queryKey: ['funds', 'search', fundSearchQuery(search)],
    queryFn: () => searchFunds(search),
    // The previous page stays on screen, under the spinner, until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useFundsSearch(search: FundSearch) {
  return useQuery(fundsSearchQueryOptions(search));
}
