// An investor's or a fund's page: the route's loader and what it shows.
import { notFound } from '@tanstack/react-router';
import { rowQueryOptions } from '@/features/catalogue/api/get-row';
import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { CatalogueDetail } from '@/features/catalogue/components/CatalogueDetail';
import { listKeys } from '@/features/lists/api/list-keys';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { apiStatus } from '@/lib/api-client';
import type { ListType } from '@/shared/api-types';
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

/** The row's details, then the pipeline panel of the lists it is on. */
export function CatalogueDetailPage<R extends CatalogueRow>({ kind, listType, id }: { kind: CatalogueKind<R>; listType: ListType; id: number }) {
  const { profile } = useFitProfile();
  return (
    <CatalogueDetail kind={kind} id={id} fitProfile={profile}>
      <PipelinePanel listType={listType} itemId={id} listKeys={listKeys} />
    </CatalogueDetail>
  );
}
