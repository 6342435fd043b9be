import type { CatalogueKind, CatalogueRow } from '@/features/catalogue/catalogue-kind';
import { CatalogueDetail } from '@/features/catalogue/components/CatalogueDetail';
import { listKeys } from '@/features/lists/api/list-keys';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import type { ListType } from '@/shared/api-types';

/** The row's details, then the pipeline panel of the lists it is on. */
export function CatalogueDetailPage<R extends CatalogueRow>({ kind, listType, id }: { kind: CatalogueKind<R>; listType: ListType; id: number }) {
  const { profile } = useFitProfile();
  return (
    <CatalogueDetail kind={kind} id={id} fitProfile={profile}>
      <PipelinePanel listType={listType} itemId={id} listKeys={listKeys} />
    </CatalogueDetail>
  );
}
