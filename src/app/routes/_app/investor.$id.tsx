import { createFileRoute, notFound } from '@tanstack/react-router';
import { apiStatus } from '@/lib/api-client';
import { investorQueryOptions } from '@/features/investors/api/get-investor';
import { InvestorDetail } from '@/features/investors/components/InvestorDetail';
import { PipelinePanel } from '@/features/lists/components/PipelinePanel';
import { positiveId } from './-components/positive-id';

export const Route = createFileRoute('/_app/investor/$id')({
  // Nothing renders until the investor is loaded (SPEC §2); an unknown id is the not-found page.
  loader: async ({ context: { queryClient }, params }) => {
    const id = positiveId(params.id);
    if (id === null) throw notFound();
    try {
      await queryClient.ensureQueryData(investorQueryOptions(id));
    } catch (error) {
      if (apiStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  component: InvestorPage,
});

function InvestorPage() {
  const { id } = Route.useParams();
  return (
    <>
      <InvestorDetail investorId={Number(id)} />
      <PipelinePanel listType="investor" itemId={Number(id)} />
    </>
  );
}
