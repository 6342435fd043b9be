import { createFileRoute } from '@tanstack/react-router';
import { investors } from '@/features/catalogue/kinds/investors';
import { catalogueRowLoader, CatalogueDetailPage } from './-components/catalogue-detail-route';

export const Route = createFileRoute('/_app/investor/$id')({
  loader: catalogueRowLoader(investors),
  component: InvestorPage,
});

function InvestorPage() {
  return <CatalogueDetailPage kind={investors} listType="investor" id={Number(Route.useParams().id)} />;
}
