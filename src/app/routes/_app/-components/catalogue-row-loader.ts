// The loader of an investor's or a fund's page. It is in the entry with the route tree, so it imports no
// component: the page itself is CatalogueDetailPage, split off with the route's component.
import { notFound } from '@tanstack/react-router';
import { rowQueryOptions } from '@/features/catalogue/api/get-row';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { apiStatus } from '@/lib/api-client';
import type { RouterContext } from '../../../router-context';
import { positiveId } from './positive-id';

/**
 * The loader of a row's page: nothing renders until the row is in the cache; an id that the URL or the
 * server does not know is the not-found page.
 */
export function catalogueRowLoader<R extends CatalogueRow>(kind: CatalogueKind<R>) {
  return async ({ context: { queryClient }, params }: { context: RouterContext; params: { id: string } }) => {
    const id = positiveId(params.id);
    if (id === null) throw notFound();
    try {
      await queryClient.ensureQueryData(rowQueryOptions(kind, id));
    } catch (error) {
      if (apiStatus(error) === 404) throw notFound();
      throw error;
    }
  };
}
