import { createFileRoute } from '@tanstack/react-router';
import { funds } from '@/features/catalogue/kinds/funds';
import { catalogueRouteOptions } from './-components/catalogue-route-options';
import { CatalogueRoutePage } from './-components/CatalogueRoutePage';

export const Route = createFileRoute('/_app/funds')({
  ...catalogueRouteOptions(funds),
  component: FundsPage,
});

function FundsPage() {
  return <CatalogueRoutePage kind={funds} listType="fund" search={Route.useSearch()} />;
}
