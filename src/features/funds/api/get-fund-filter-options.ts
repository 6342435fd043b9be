import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API, FUND_FILTER_PATHS } from '@/shared/api-paths';
import type { OptionItem } from '@/shared/api-types';
import { FUND_FILTERS, type FundFilterPath, type FundListFilter } from '../fund-filters';

/** GET /api/v1/filters/investment-funds/{path}: the options of one filter, read from the answer's key. */
export async function getFundFilterOptions(path: FundFilterPath): Promise<OptionItem[]> {
  const answer = await api<Record<string, OptionItem[] | undefined>>(`${API}/filters/investment-funds/${path}`);
  const options = answer[FUND_FILTER_PATHS[path]];
  if (!Array.isArray(options)) throw new Error(`The ${path} filter answered without its options.`);
  return options;
}

export const fundFilterOptionsQueryOptions = (path: FundFilterPath) =>
  queryOptions({ queryKey: ['funds', 'filters', path], queryFn: () => getFundFilterOptions(path) });

/** The options query of one of the page's filters, by its key in the URL. */
export const fundListFilterOptionsQuery = (filter: FundListFilter) =>
  fundFilterOptionsQueryOptions(FUND_FILTERS[filter].path);
