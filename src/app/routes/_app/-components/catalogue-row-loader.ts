// The loader of an investor's or a fund's page. It is in the entry with the route tree, so it imports no
// component: the page itself is CatalogueDetailPage, split off with the route's component.
import { rowQueryOptions } from '@/features/catalogue/api/get-row';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import type { RouterContext } from '../../../router-context';
import { loadOrNotFound } from './load-or-not-found';

export function catalogueRowLoader<R extends CatalogueRow>(kind: CatalogueKind<R>) {
  return ({ context: { queryClient }, params }: { context: RouterContext; params: { id: string } }) =>
    loadOrNotFound(params.id, (id) => queryClient.ensureQueryData(rowQueryOptions(kind, id)));
}
