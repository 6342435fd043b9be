import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { OptionItem } from '@/shared/api-types';
import type { AnyCatalogueKind, ListFilter } from '../catalogue-kind';

/** The options of one filter, read from the key its filter call answers under. */
async function getFilterOptions(kind: AnyCatalogueKind, { optionsPath, optionsKey }: ListFilter): Promise<OptionItem[]> {
  const answer = await api<Record<string, OptionItem[] | undefined>>(`${API}${kind.filtersPath}/${optionsPath}`);
  const options = answer[optionsKey];
  if (!Array.isArray(options)) throw new Error(`The ${optionsPath} filter answered without its options.`);
  return options;
}

export const filterOptionsQueryOptions = (kind: AnyCatalogueKind, filter: ListFilter) =>
  queryOptions({ queryKey: [kind.noun, 'filters', filter.optionsPath], queryFn: () => getFilterOptions(kind, filter) });
