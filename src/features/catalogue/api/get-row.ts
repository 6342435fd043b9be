import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { API } from '@/shared/api-paths';
import type { CatalogueKind, CatalogueRow } from '../catalogue-kind';

export const rowQueryOptions = <R extends CatalogueRow>(kind: CatalogueKind<R>, id: number) =>
  queryOptions({ queryKey: [kind.noun, 'detail', id], queryFn: () => api<R>(`${API}${kind.rowsPath}/${id}`) });

/** The route's loader has filled the cache, so the page renders only with the data there. */
export function useRow<R extends CatalogueRow>(kind: CatalogueKind<R>, id: number) {
  return useSuspenseQuery(rowQueryOptions(kind, id)).data;
}
