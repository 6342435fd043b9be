import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, INVESTOR_FILTER_PATHS } from '@/shared/api-paths';
import type { OptionItem } from '@/shared/api-types';
import { INVESTOR_FILTERS, type InvestorFilterPath, type InvestorListFilter } from '../investor-filters';

/** GET /api/v1/filters/investors/{path}: the options of one filter, read from the answer's key. */
export async function getInvestorFilterOptions(path: InvestorFilterPath): Promise<OptionItem[]> {
  const answer = await api<Record<string, OptionItem[] | undefined>>(`${API}/filters/investors/${path}`);
  const options = answer[INVESTOR_FILTER_PATHS[path]];
  if (!Array.isArray(options)) throw new Error(`The ${path} filter answered without its options.`);
  return options;
}

export const investorFilterOptionsQueryOptions = (path: InvestorFilterPath) =>
  queryOptions({ queryKey: ['investors', 'filters', path], queryFn: () => getInvestorFilterOptions(path) });

/** The options query of one of the page's filters, by its key in the URL. */
export const investorListFilterOptionsQuery = (filter: InvestorListFilter) =>
  investorFilterOptionsQueryOptions(INVESTOR_FILTERS[filter].path);
