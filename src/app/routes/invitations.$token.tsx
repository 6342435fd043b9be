import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { listKeys } from '@/features/lists/api/list-keys';
import { meQueryOptions } from '@/features/profile/api/me';
import { InvitationPage } from '@/features/teams/components/InvitationPage';
import { INVITATION_PAGE } from '@/shared/teams';
import { rememberReturnAfterSignUp } from '../redirect-target';

/**
 * An invitation's link (from its mail), for anyone: it shows what it offers, then, logged in as the
 * invited address, accepts it; logged out, it offers to log in, or to sign up, and come back here.
 */
export const Route = createFileRoute('/invitations/$token')({
  component: function Invitation() {
    const { token } = Route.useParams();
    const { auth } = Route.useRouteContext();
    const me = useQuery({ ...meQueryOptions(), enabled: auth.isLoggedIn() });
    const userEmail = auth.isLoggedIn() ? me.data?.email : undefined;
    // Logged in, the answer waits for who is logged in.
    if (auth.isLoggedIn() && me.isPending) return null;
    return (
      <InvitationPage
        token={token}
        listKeys={listKeys}
        userEmail={userEmail}
        onSignUp={() => rememberReturnAfterSignUp(INVITATION_PAGE(token))}
      />
    );
  },
});
