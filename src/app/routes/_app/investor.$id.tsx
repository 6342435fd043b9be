import { createFileRoute } from '@tanstack/react-router';
import { investors } from '@/features/catalogue/kinds/investors';
import { CatalogueDetailPage } from './-components/CatalogueDetailPage';
import { catalogueRowLoader } from './-components/catalogue-row-loader';

export const Route = createFileRoute('/_app/investor/$id')({
  loader: catalogueRowLoader(investors),
  component: InvestorPage,
});

function InvestorPage() {
  return <CatalogueDetailPage kind={investors} listType="investor" id={Number(Route.useParams().id)} />;
}
