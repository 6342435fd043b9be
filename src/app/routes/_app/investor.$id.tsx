import { createFileRoute } from '@tanstack/react-router';
import { investors } from '@/features/catalogue/kinds/investors';
import { ContactOwnerActions } from '@/features/contacts/components/ContactOwnerActions';
import type { Investor } from '@/shared/api-types';
import { contactKeys } from '../../contact-keys';
import { CatalogueDetailPage } from './-components/CatalogueDetailPage';
import { catalogueRowLoader } from './-components/catalogue-row-loader';

export const Route = createFileRoute('/_app/investor/$id')({
  loader: catalogueRowLoader(investors),
  component: InvestorPage,
});

function InvestorPage() {
  return (
    <CatalogueDetailPage
      kind={investors}
      listType="investor"
      id={Number(Route.useParams().id)}
      renderActions={renderContactActions}
    />
  );
}

/** A private contact's Edit and Delete, for its owner. */
function renderContactActions(investor: Investor) {
  return <ContactOwnerActions investor={investor} keys={contactKeys} />;
}
