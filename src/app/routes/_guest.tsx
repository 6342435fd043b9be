import { createFileRoute, redirect } from '@tanstack/react-router';
import { GuestLayout } from '../layout/GuestLayout';

/** The logged-out screens; a logged-in visitor is sent to /investors. */
export const Route = createFileRoute('/_guest')({
  beforeLoad: ({ context }) => {
    if (context.auth.isLoggedIn()) throw redirect({ to: '/investors', replace: true });
  },
  component: GuestLayout,
});
