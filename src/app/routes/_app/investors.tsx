import { createFileRoute } from '@tanstack/react-router';
import { investors } from '@/features/catalogue/kinds/investors';
import { catalogueRouteOptions } from './-components/catalogue-route-options';
import { CatalogueRoutePage } from './-components/CatalogueRoutePage';

export const Route = createFileRoute('/_app/investors')({
  ...catalogueRouteOptions(investors),
  component: InvestorsPage,
});

function InvestorsPage() {
  return <CatalogueRoutePage kind={investors} listType="investor" search={Route.useSearch()} />;
}
