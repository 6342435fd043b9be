import { createFileRoute, notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';
import { fundQueryOptions } from '@/features/funds/api/get-fund';
import { FundDetail } from '@/features/funds/components/FundDetail';
import { PipelinePanel } from '@/features/lists/components/PipelinePanel';
import { positiveId } from './-components/positive-id';

export const Route = createFileRoute('/_app/fund/$id')({
  // Nothing renders until the fund is loaded (SPEC §2); an unknown id is the not-found page.
  loader: async ({ context: { queryClient }, params }) => {
    const id = positiveId(params.id);
    if (id === null) throw notFound();
    try {
      await queryClient.ensureQueryData(fundQueryOptions(id));
    } catch (error) {
      if (apiStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  component: FundPage,
});

function FundPage() {
  const { id } = Route.useParams();
  return (
    <>
      <FundDetail fundId={Number(id)} />
      <PipelinePanel listType="fund" itemId={Number(id)} />
    </>
  );
}
