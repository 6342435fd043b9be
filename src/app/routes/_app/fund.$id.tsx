import { createFileRoute } from '@tanstack/react-router';
import { funds } from '@/features/catalogue/kinds/funds';
import { CatalogueDetailPage } from './-components/CatalogueDetailPage';
import { catalogueRowLoader } from './-components/catalogue-row-loader';

export const Route = createFileRoute('/_app/fund/$id')({
  loader: catalogueRowLoader(funds),
  component: FundPage,
});

function FundPage() {
  return <CatalogueDetailPage kind={funds} listType="fund" id={Number(Route.useParams().id)} />;
}
