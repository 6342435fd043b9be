import { createFileRoute } from '@tanstack/react-router';
import { DealOffersPage } from '@/features/deal-offers/components/DealOffersPage';

export const Route = createFileRoute('/_app/deal-offers')({
  component: DealOffersPage,
});
