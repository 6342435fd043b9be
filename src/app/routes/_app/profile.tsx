import { createFileRoute } from '@tanstack/react-router';
import { AccountSettings } from '@/features/profile/components/AccountSettings';

export const Route = createFileRoute('/_app/profile')({
  component: AccountSettings,
});
