import { createFileRoute } from '@tanstack/react-router';
import { rowQueryOptions } from '@/features/catalogue/api/get-row';
import { CatalogueDetail } from '@/features/catalogue/components/CatalogueDetail';
import { investors } from '@/features/catalogue/kinds/investors';
import { loadOrNotFound } from './-components/load-or-not-found';
import { useFitProfile } from '@/features/startup/api/use-startup-view';
import { listKeys } from '@/features/lists/api/list-keys';
import { PipelinePanel } from '@/features/pipeline/components/PipelinePanel';

export const Route = createFileRoute('/_app/investor/$id')({
  loader: ({ context: { queryClient }, params }) =>
    loadOrNotFound(params.id, (id) => queryClient.ensureQueryData(rowQueryOptions(investors, id))),
  component: InvestorPage,
});

function InvestorPage() {
  const id = Number(Route.useParams().id);
  const { profile } = useFitProfile();
  return (
    <CatalogueDetail kind={investors} id={id} fitProfile={profile}>
      <PipelinePanel listType="investor" itemId={id} listKeys={listKeys} />
    </CatalogueDetail>
  );
}
